# Three ways a pod leaves a Service. (1) An app that exits the moment SIGTERM arrives drops the
# requests it was answering (reset); (2) one that drains finishes them, though new connections
# are refused (502) until every kube-proxy has caught up. (3) A readiness probe that starts
# failing takes the pod out of rotation with no 502 at all: until each node has synced, the
# requests that still reach it get the app's own 503.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: web-1
  labels:
    app: web
spec:
  containers:
  - name: web
    image: registry.podlife.dev/app:1.0
    env:
    - name: PORT
      value: "80"
    - name: RESPONSE_MS
      value: "200"
    - name: SHUTDOWN_SECONDS
      value: "0"
---
apiVersion: v1
kind: Pod
metadata:
  name: web-2
  labels:
    app: web
spec:
  containers:
  - name: web
    image: registry.podlife.dev/app:1.0
    env:
    - name: PORT
      value: "80"
    - name: RESPONSE_MS
      value: "200"
    - name: SHUTDOWN_SECONDS
      value: "0"
---
apiVersion: v1
kind: Pod
metadata:
  name: web-3
  labels:
    app: web
spec:
  containers:
  - name: web
    image: registry.podlife.dev/app:1.0
    env:
    - name: PORT
      value: "80"
    - name: RESPONSE_MS
      value: "200"
    - name: SHUTDOWN_SECONDS
      value: "0"
EOF
sleep 30
podlife traffic svc/web --rps 50 --for 20s
sleep 10
kubectl delete pod web-2 --wait=false
sleep 20
kubectl delete pod web-1 web-3
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web-1
  labels:
    app: web
spec:
  containers:
  - name: web
    image: registry.podlife.dev/app:1.0
    env:
    - name: PORT
      value: "80"
    - name: RESPONSE_MS
      value: "200"
    - name: SHUTDOWN_SECONDS
      value: "5"
---
apiVersion: v1
kind: Pod
metadata:
  name: web-2
  labels:
    app: web
spec:
  containers:
  - name: web
    image: registry.podlife.dev/app:1.0
    env:
    - name: PORT
      value: "80"
    - name: RESPONSE_MS
      value: "200"
    - name: SHUTDOWN_SECONDS
      value: "5"
---
apiVersion: v1
kind: Pod
metadata:
  name: web-3
  labels:
    app: web
spec:
  containers:
  - name: web
    image: registry.podlife.dev/app:1.0
    env:
    - name: PORT
      value: "80"
    - name: RESPONSE_MS
      value: "200"
    - name: SHUTDOWN_SECONDS
      value: "5"
EOF
sleep 30
podlife traffic svc/web --rps 50 --for 20s
sleep 10
kubectl delete pod web-2 --wait=false
sleep 20
kubectl delete pod web-1 web-2 web-3 --wait=false
sleep 40
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web-5
  labels:
    app: web
spec:
  containers:
  - name: web
    image: registry.podlife.dev/app:1.0
    env:
    - name: PORT
      value: "80"
    readinessProbe:
      httpGet:
        path: /ready
        port: 80
      periodSeconds: 1
---
apiVersion: v1
kind: Pod
metadata:
  name: web-6
  labels:
    app: web
spec:
  containers:
  - name: web
    image: registry.podlife.dev/app:1.0
    env:
    - name: PORT
      value: "80"
    - name: READY_FAIL_AFTER_SECONDS
      value: "40"
    readinessProbe:
      httpGet:
        path: /ready
        port: 80
      periodSeconds: 1
EOF
sleep 25
kubectl get pods
podlife traffic svc/web --rps 50 --for 30s
sleep 35
kubectl get pods
kubectl get endpointslices -o yaml
