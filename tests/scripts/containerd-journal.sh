# journalctl -u containerd: every CRI call containerd's instrumented service logs, its
# successes and its failures (a pull of a tag that does not exist, a command runc cannot
# exec) with their error fields, in logrus's text format; nothing while containerd is down.
podlife stop containerd --node worker-2
kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: typo
spec:
  nodeName: worker-1
  containers:
  - name: web
    image: nginx:1.277
---
apiVersion: v1
kind: Pod
metadata:
  name: noexec
spec:
  nodeName: worker-1
  restartPolicy: Never
  containers:
  - name: app
    image: busybox:1.36
    command: ["/app/server"]
---
apiVersion: v1
kind: Pod
metadata:
  name: waiting
spec:
  nodeName: worker-2
  containers:
  - name: web
    image: nginx
EOF
sleep 10
kubectl get pods
podlife node worker-1 -- journalctl -u containerd --no-pager
podlife node worker-1 -- journalctl -u containerd -n 2
podlife node worker-2 -- journalctl -u containerd
podlife start containerd --node worker-2
sleep 20
podlife node worker-2 -- journalctl -u containerd
kubectl delete pod typo --wait=false
sleep 2
podlife node worker-1 -- journalctl -u containerd -n 3
