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
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
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
        lifecycle:
          preStop:
            sleep:
              seconds: 5
EOF
kubectl rollout status deployment/web
sleep 10
podlife traffic svc/web --rps 50 --for 40s
sleep 5
kubectl rollout restart deployment/web
kubectl get pods
sleep 40
kubectl get pods
