kubectl get pods
podlife traffic svc/web --rps 10 --for 5s
sleep 7
kubectl describe endpointslice -l kubernetes.io/service-name=web
kubectl get events --field-selector reason=Unhealthy
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
    targetPort: 8080
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: app
        image: registry.podlife.dev/app:1.0
        ports:
        - containerPort: 8080
        readinessProbe:
          httpGet:
            path: /ready
            port: 8080
          periodSeconds: 5
EOF
kubectl rollout status deployment/web
kubectl get pods
podlife traffic svc/web --rps 10 --for 5s
sleep 7
