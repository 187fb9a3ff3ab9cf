# A node stops talking to the control plane: after the 50 s node-monitor grace period its
# conditions go Unknown, it gets the unreachable NoExecute taint, its pods are marked not
# ready and are evicted when their 300 s toleration runs out (they stay Terminating: the
# kubelet cannot hear it). When the node is back, its kubelet stops the pod and the API
# object goes.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeName: worker-1
  containers:
  - name: nginx
    image: nginx:1.27
EOF
sleep 10
kubectl get pods -o wide
podlife node down worker-1
sleep 45
kubectl get nodes
sleep 15
kubectl get nodes
kubectl describe node worker-1
kubectl get pods -o wide
sleep 300
kubectl get pods -o wide
podlife node worker-1 -- crictl ps
podlife node up worker-1
sleep 5
kubectl get pods -o wide
kubectl get nodes
