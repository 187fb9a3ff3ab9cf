kubectl apply -f web.yaml
kubectl get pods
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx:1.27
    ports:
    - containerPort: 80
EOF
sleep 8
kubectl get pods -o wide
