# A: an app that loads for 60 s before it listens on 8080, guarded by a liveness probe that
# waits initialDelaySeconds: 20 (a guess). Three failures 10 s apart kill it before it ever
# listens, and every new start loads for 60 s again.
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
    livenessProbe:
      httpGet:
        path: /healthz
        port: 8080
      initialDelaySeconds: 20
      periodSeconds: 10
    readinessProbe:
      httpGet:
        path: /ready
        port: 8080
      periodSeconds: 5
EOF
sleep 90
kubectl get pod slow
sleep 90
kubectl get pod slow
