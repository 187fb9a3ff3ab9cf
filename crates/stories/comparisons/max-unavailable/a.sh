# A: four nginx replicas rolled to a new image with the default strategy (maxSurge 25 %,
# maxUnavailable 25 %: one pod above four, one below).
kubectl apply -f - <<EOF
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
EOF
kubectl rollout status deployment/web --timeout=120s
kubectl set image deployment/web nginx=nginx:1.28
kubectl rollout status deployment/web --timeout=120s
kubectl get deployment web
