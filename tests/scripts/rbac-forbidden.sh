# jane has no RBAC bindings: create is denied by RBAC, and apply is denied earlier,
# at the GET kubectl sends first.
kubectl auth can-i create pods
kubectl auth can-i create pods --as=jane
kubectl --as=jane create -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.27
EOF
kubectl --as=jane apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.27
EOF
kubectl get pods --as=system:serviceaccount:default:ci
kubectl get nodes --as=jane
