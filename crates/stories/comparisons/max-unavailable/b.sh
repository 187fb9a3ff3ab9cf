# B: the same rollout with maxUnavailable: 0 (maxSurge stays 25 %): a new pod must be
# available before an old one goes, so all four stay available throughout.
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 4
  strategy:
    rollingUpdate:
      maxUnavailable: 0
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
