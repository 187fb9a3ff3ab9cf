kubectl get pods
kubectl get events --field-selector involvedObject.name=slow
kubectl delete pod slow
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: slow
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    env:
    - name: STARTUP_SECONDS
      value: "60"
    startupProbe:
      httpGet:
        path: /healthz
        port: 8080
      periodSeconds: 10
      failureThreshold: 30
    livenessProbe:
      httpGet:
        path: /healthz
        port: 8080
      periodSeconds: 10
    readinessProbe:
      httpGet:
        path: /ready
        port: 8080
      periodSeconds: 5
EOF
sleep 40
kubectl get pods
sleep 40
kubectl get pods
kubectl describe pod slow
