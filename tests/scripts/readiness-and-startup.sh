# A readiness probe that never passes keeps the pod Running but 0/1 (Ready False,
# ContainersNotReady); a slow app (60 s to start) is killed by its liveness probe alone,
# and saved when a startupProbe holds the other probes back until it answers.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: never-ready
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    env:
    - name: READY_AFTER_SECONDS
      value: "100000"
    readinessProbe:
      httpGet:
        path: /ready
        port: 8080
      periodSeconds: 5
---
apiVersion: v1
kind: Pod
metadata:
  name: slow-no-startup
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
      periodSeconds: 10
---
apiVersion: v1
kind: Pod
metadata:
  name: slow-with-startup
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    env:
    - name: STARTUP_SECONDS
      value: "60"
    ports:
    - name: liveness-port
      containerPort: 8080
    livenessProbe:
      httpGet:
        path: /healthz
        port: liveness-port
      periodSeconds: 10
    startupProbe:
      httpGet:
        path: /healthz
        port: liveness-port
      failureThreshold: 30
      periodSeconds: 10
EOF
sleep 45
kubectl get pods
kubectl describe pod never-ready
sleep 60
kubectl get pods
kubectl get events --field-selector involvedObject.name=slow-no-startup
kubectl get events --field-selector involvedObject.name=slow-with-startup
