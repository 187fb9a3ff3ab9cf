# maxSurge: 0 — no pod above the 10 wanted: the old ReplicaSet goes down first (by
# maxUnavailable, 2), then the new one up into the room that made; and Recreate, which stops
# every old pod before the first new one starts.
kubectl apply -f - <<EOF2
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 10
  strategy:
    rollingUpdate:
      maxSurge: 0
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF2
sleep 30
kubectl set image deployment/web nginx=nginx:1.28
sleep 1
kubectl get rs
sleep 3
kubectl get rs
kubectl rollout status deployment/web
kubectl get events --field-selector involvedObject.kind=Deployment
kubectl apply -f - <<EOF2
apiVersion: apps/v1
kind: Deployment
metadata:
  name: batch
spec:
  replicas: 3
  strategy:
    type: Recreate
  selector:
    matchLabels:
      app: batch
  template:
    metadata:
      labels:
        app: batch
    spec:
      containers:
      - name: app
        image: registry.podlife.dev/app:1.0
EOF2
sleep 20
kubectl set image deployment/batch app=registry.podlife.dev/app:2.0
sleep 1
kubectl get pods -l app=batch
sleep 2
kubectl get pods -l app=batch
kubectl rollout status deployment/batch
kubectl get rs -l app=batch
