# containerd stopped on a node, as the node shows it. systemd stops the daemon only
# (KillMode=process), its socket file goes away, so every CRI client's dial fails with
# "no such file or directory". The kubelet's first sandbox attempt fails once; its pod worker
# then waits for a PLEG relist that succeeds (GetNewerThan), so there is no retry while the
# runtime is down. 30 s after its last answered status call the kubelet reports the runtime
# down: the node goes NotReady, and pods that arrive now are not even synced. Once containerd
# is back (a new PID in the journal), the waiting pods start and the node is Ready again.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: before
spec:
  nodeName: worker-1
  containers:
  - name: web
    image: nginx:1.27
EOF
sleep 8
podlife stop containerd --node worker-1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: stuck
spec:
  nodeName: worker-1
  containers:
  - name: c
    image: nginx:1.27
EOF
sleep 20
kubectl get pods
kubectl events --for pod/stuck
podlife node worker-1 -- crictl ps -a
kubectl get nodes
sleep 20
kubectl get nodes
kubectl get node worker-1 -o jsonpath='{.status.conditions[?(@.type=="Ready")].reason}: {.status.conditions[?(@.type=="Ready")].message}{"\n"}'
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: late
spec:
  nodeName: worker-1
  containers:
  - name: c
    image: nginx:1.27
EOF
sleep 10
kubectl get pods -o wide
kubectl events --for pod/stuck
podlife start containerd --node worker-1
sleep 15
kubectl get pods
kubectl get nodes
kubectl events --for node/worker-1
kubectl events --for pod/stuck
podlife node worker-1 -- journalctl -u containerd -n 30
