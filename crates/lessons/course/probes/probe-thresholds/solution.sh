kubectl apply -f app.yaml
sleep 45
kubectl get pods
sleep 20
kubectl get pods
kubectl get events --field-selector involvedObject.name=app
kubectl delete pod app
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    env:
    - name: HEALTHZ_FAIL_AFTER_SECONDS
      value: "30"
    livenessProbe:
      httpGet:
        path: /healthz
        port: 8080
      periodSeconds: 5
      failureThreshold: 3
EOF
sleep 50
kubectl get pods
kubectl get events --field-selector involvedObject.name=app,reason=Killing
