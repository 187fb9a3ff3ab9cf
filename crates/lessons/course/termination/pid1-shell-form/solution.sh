kubectl exec app -- cat /proc/1/comm
kubectl delete pod app
kubectl get events --field-selector involvedObject.name=app
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
sleep 5
kubectl exec app -- cat /proc/1/comm
kubectl delete pod app
