# page: https://kubernetes.io/docs/tasks/debug/debug-application/debug-running-pod/ (Applying
# example: debug/custom-profile.yaml
# example: debug/custom-profile.json
# Custom Profile). The golden was written from the page before kubectl debug was modelled.
# The page attaches with -it; a script cannot type into it, so the ephemeral container is
# started without -it and named with -c (kubectl would otherwise draw a random debugger-xxxxx)
kubectl run myapp --image=busybox:1.28 --restart=Never -- sleep 1d
sleep 5
# page: "Create a custom profile in YAML or JSON format", custom-profile.yaml (read from the copy)
kubectl debug myapp -c debugger --image=busybox:1.28 --target=myapp --profile=general --custom=examples/debug/custom-profile.yaml
# page: [{"name":"ENV_VAR_1","value":"value_1"},{"name":"ENV_VAR_2","value":"value_2"}]
kubectl get pod myapp -o jsonpath='{.spec.ephemeralContainers[0].env}'
echo
# page: {"capabilities":{"add":["NET_ADMIN","SYS_TIME"]}}
kubectl get pod myapp -o jsonpath='{.spec.ephemeralContainers[0].securityContext}'
echo
kubectl delete pod myapp
# the same profile in JSON (debug/custom-profile.json)
kubectl run myapp2 --image=busybox:1.28 --restart=Never -- sleep 1d
sleep 5
kubectl debug myapp2 -c debugger --image=busybox:1.28 --target=myapp2 --profile=general --custom=examples/debug/custom-profile.json
kubectl get pod myapp2 -o jsonpath='{.spec.ephemeralContainers[0].env}'
echo
