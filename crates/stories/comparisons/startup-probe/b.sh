# B: the same app with a startupProbe (up to 24 × 5 s = 120 s to answer) and no
# initialDelaySeconds: the liveness and readiness probes wait until it succeeds once.
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
      periodSeconds: 5
      failureThreshold: 24
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
sleep 90
kubectl get pod slow
sleep 90
kubectl get pod slow
