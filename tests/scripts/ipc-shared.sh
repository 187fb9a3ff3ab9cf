# IPC is shared by a pod's containers (seed 003): they join the pause container's IPC namespace, so
# System V shared memory made in one container is listed by `ipcs` in another, and /dev/shm (the
# 64 MiB tmpfs containerd mounts for the sandbox) holds the same files for all of them. busybox has
# no `ipcmk` (util-linux in the Debian-based nginx image does). Another pod has its own namespace.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata:
  name: ipc-demo
spec:
  nodeName: worker-1
  containers:
  - name: producer
    image: busybox:1.36
    command: ["sh", "-c", "echo hello-ipc > /dev/shm/msg; ipcmk -M 1024; sleep 3600"]
  - name: web
    image: nginx:1.27
  - name: consumer
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: other
spec:
  nodeName: worker-1
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF2
sleep 8
kubectl logs ipc-demo -c producer
kubectl exec ipc-demo -c consumer -- cat /dev/shm/msg
kubectl exec ipc-demo -c web -- cat /dev/shm/msg
kubectl exec ipc-demo -c consumer -- ls -ld /dev/shm
kubectl exec ipc-demo -c consumer -- ls /dev
kubectl exec ipc-demo -c web -- ipcmk -M 4096
kubectl exec ipc-demo -c consumer -- ipcs -m
kubectl exec ipc-demo -c consumer -- ipcs
kubectl exec ipc-demo -c consumer -- sh -c 'readlink /proc/self/ns/ipc'
kubectl exec ipc-demo -c web -- readlink /proc/self/ns/ipc
kubectl exec other -- ipcs -m
kubectl exec other -- ls /dev/shm
kubectl exec ipc-demo -c consumer -- ipcrm -m 0
kubectl exec ipc-demo -c consumer -- ipcs -m
kubectl exec ipc-demo -c consumer -- ipcrm -m 0
