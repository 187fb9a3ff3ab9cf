kubectl get pods -o wide
kubectl describe node control-plane | grep Taints
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeName: control-plane
  containers:
  - name: web
    image: nginx:1.27
    ports:
    - containerPort: 80
EOF
sleep 8
kubectl get pods -o wide
kubectl describe pod web
