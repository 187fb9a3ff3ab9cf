# A: shell form. sh is PID 1 and the app its child; sh has no SIGTERM handler and the kernel
# drops signals PID 1 does not handle, so the app never hears the stop signal and dies by
# SIGKILL when the 30 s grace period ends.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    command: ["sh", "-c", "/app"]
EOF
kubectl wait --for=condition=Ready pod/app --timeout=60s
kubectl delete pod app
kubectl get events --field-selector involvedObject.name=app,reason=Killing
