kubectl exec app -c shell -- ps
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  shareProcessNamespace: true
  containers:
  - name: nginx
    image: nginx:1.27
  - name: shell
    image: busybox:1.36
    command: ["sleep", "3600"]
EOF
kubectl delete pod app
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  shareProcessNamespace: true
  containers:
  - name: nginx
    image: nginx:1.27
  - name: shell
    image: busybox:1.36
    command: ["sleep", "3600"]
EOF
sleep 10
kubectl get pod app
kubectl exec app -c shell -- ps
