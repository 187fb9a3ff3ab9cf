# B: exec form. The app itself is PID 1, gets SIGTERM, drains for a second and exits.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    command: ["/app"]
EOF
kubectl wait --for=condition=Ready pod/app --timeout=60s
kubectl delete pod app
kubectl get events --field-selector involvedObject.name=app,reason=Killing
