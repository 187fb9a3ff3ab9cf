# A rollout stuck on an image that does not exist: the new pods stay in ImagePullBackOff, the
# old ReplicaSet keeps 8 of 10 available, and after progressDeadlineSeconds (60) the
# Progressing condition turns False with ProgressDeadlineExceeded — kubectl rollout status
# gives up — but nothing rolls back by itself: rollout undo does.
kubectl apply -f - <<EOF2
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 10
  progressDeadlineSeconds: 60
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
kubectl set image deployment/web nginx=nginx:1.99-does-not-exist
sleep 20
kubectl get deploy,rs
kubectl get pods
kubectl rollout status deployment/web
kubectl get deploy web -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
kubectl get deploy,rs
kubectl rollout undo deployment/web
kubectl rollout status deployment/web
kubectl get deploy web -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
kubectl get rs
