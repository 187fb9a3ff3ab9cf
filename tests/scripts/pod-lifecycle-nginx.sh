# The default nginx Pod from apply to Running and back: kube-apiserver, etcd, the scheduler,
# the kubelet's sync, containerd's sandbox (pause + CNI), the image pull, runc and the shim,
# PLEG, the status PATCHes; then the graceful delete with nginx's STOPSIGNAL (SIGQUIT).
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
  labels:
    app: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
EOF
kubectl get pods -o wide
sleep 2
kubectl get pods -o wide
kubectl get pods -w
sleep 5
kubectl get pods -o wide
kubectl describe pod nginx
kubectl logs nginx
podlife node worker-2 -- crictl ps -a
podlife node worker-2 -- crictl pods
kubectl exec nginx -- curl -s http://localhost/
kubectl delete pod nginx --wait=false
kubectl get pods --watch
sleep 2
kubectl get pods
podlife node worker-2 -- crictl ps -a
