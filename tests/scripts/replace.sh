# `kubectl replace -f` (kubectl 1.36's `pkg/cmd/replace/replace.go`): each object in the file is
# written over the stored one with a PUT (the stored resourceVersion taken when the file has
# none). A ConfigMap and a Deployment take it; a running pod does not: the file lacks what the
# cluster added at creation (the node, the service account's token volume), so the update
# would change fields a pod cannot change. `--force` deletes the pod, waits until it is gone
# (polling once a second) and creates it again from the file — a new pod with a new uid.
kubectl replace
cat > app.yaml <<'Y'
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
data:
  mode: slow
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    tier: front
spec:
  containers:
  - name: nginx
    image: nginx:1.27
Y
kubectl replace -f app.yaml
kubectl apply -f app.yaml
kubectl wait pod/web --for=condition=Ready --timeout=60s
kubectl get pod web -o jsonpath='{.metadata.uid}{"\n"}'
sed -i 's/mode: slow/mode: fast/; s/nginx:1.27/nginx:1.28/' app.yaml
kubectl replace -f app.yaml
kubectl get configmap settings -o jsonpath='{.data.mode}{"\n"}'
kubectl replace -f app.yaml --grace-period=0
kubectl replace --force -f app.yaml
kubectl get pod web -o jsonpath='{.metadata.uid} {.spec.containers[0].image}{"\n"}'
kubectl get pods
kubectl replace -f app.yaml pods
cat > deploy.yaml <<'Y'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 2
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: api
        image: nginx:1.27
Y
kubectl apply -f deploy.yaml
sleep 5
sed -i 's/replicas: 2/replicas: 3/' deploy.yaml
kubectl replace -f deploy.yaml -o name
kubectl rollout status deployment/api --timeout=60s
kubectl get deployment api
