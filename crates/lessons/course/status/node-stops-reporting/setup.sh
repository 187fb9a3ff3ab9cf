kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeSelector:
    kubernetes.io/hostname: worker-1
  containers:
  - name: nginx
    image: nginx:1.27
EOF2
sleep 10
