# `kubectl wait` gives the whole command one --timeout (pkg/cmd/wait/wait.go: RunWait makes one
# context with it, and every target waits within it). Here the first target uses all 15 s, so
# the second times out at once although it is Ready: its watch cannot even sync in an expired
# context. `--timeout=0` looks once, without a watch, and says "condition not met" instead.
kubectl run never --image=nginx:no-such-tag
kubectl run web --image=nginx:1.27
sleep 10
kubectl get pods
kubectl wait --for=condition=Ready pod/never pod/web --timeout=15s
kubectl wait --for=condition=Ready pod/web pod/never --timeout=0
kubectl wait --for=delete pod/web --timeout=0
