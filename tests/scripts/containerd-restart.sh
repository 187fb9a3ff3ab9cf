# Restarting containerd leaves running containers running: each has its own shim. While
# containerd is down, crictl and new pods on that node fail; the kubelet retries.
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
sleep 8
podlife node worker-1 -- crictl ps
podlife stop containerd --node worker-1
podlife node worker-1 -- crictl ps
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: late
spec:
  nodeName: worker-1
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF
sleep 5
kubectl get pods
podlife start containerd --node worker-1
sleep 20
kubectl get pods
podlife node worker-1 -- crictl ps
kubectl exec web -- curl -s http://localhost/
podlife restart containerd --node worker-1
podlife node worker-1 -- crictl ps
podlife node worker-1 -- journalctl -u containerd
