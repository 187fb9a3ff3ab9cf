# Who is PID 1 decides how a pod stops. Shell form on an image whose sh is dash (Debian
# style): sh is PID 1, has no SIGTERM handler, so the kernel drops the signal and the app
# runs until SIGKILL at the end of the 30 s grace period (exit 137). Exec form: the app gets
# SIGTERM and drains for a second.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: shell-form
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    command: ["sh", "-c", "/app"]
---
apiVersion: v1
kind: Pod
metadata:
  name: exec-form
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    command: ["/app"]
EOF
sleep 5
kubectl get pods
kubectl delete pod exec-form
kubectl delete pod shell-form
kubectl get events --field-selector reason=Killing
