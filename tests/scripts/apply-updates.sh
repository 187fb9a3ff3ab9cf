# Re-applying a changed manifest: kubectl's three-way merge keeps what the server added
# (defaults, the service-account volume), and the API server allows only some pod fields
# to change. Deployments take any template change and bump their generation.
podlife stop kube-scheduler
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web}
spec:
  containers:
  - name: web
    image: nginx:1.27
    ports:
    - containerPort: 80
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web, tier: fe}
spec:
  containers:
  - name: web
    image: nginx:1.28
    ports:
    - containerPort: 80
EOF
kubectl get pod web -o jsonpath='{.spec.containers[0].image}'
kubectl get pod web --show-labels
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web, tier: fe}
spec:
  containers:
  - name: web
    image: nginx:1.28
    ports:
    - containerPort: 8080
EOF
kubectl create deployment api --image=nginx:1.27 --save-config
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
  labels: {app: api}
spec:
  replicas: 3
  selector:
    matchLabels: {app: api}
  template:
    metadata:
      labels: {app: api}
    spec:
      containers:
      - name: nginx
        image: nginx:1.28
EOF
kubectl get deploy api -o yaml
