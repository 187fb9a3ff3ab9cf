# A rolling update behind a Service, with clients on every node: every old pod that goes
# away is an endpoint race, so without a preStop hook some requests fail; the same Deployment
# with `preStop: sleep 5` rolls out without losing one.
kubectl apply -f - <<EOF2
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
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
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
kubectl rollout status deployment/web --watch=false
sleep 30
podlife traffic svc/web --rps 50 --for 40s
sleep 2
kubectl set image deployment/web nginx=nginx:1.28
sleep 45
kubectl get rs
kubectl apply -f - <<EOF2
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
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
        image: nginx:1.28
        lifecycle:
          preStop:
            sleep:
              seconds: 5
EOF2
sleep 60
podlife traffic svc/web --rps 50 --for 60s
sleep 2
kubectl set image deployment/web nginx=nginx:1.29
sleep 65
kubectl get rs
