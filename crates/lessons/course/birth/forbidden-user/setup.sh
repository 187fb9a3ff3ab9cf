kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx:1.27
EOF
sleep 5
