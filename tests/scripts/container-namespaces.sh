# Namespaces a container can inspect (seed 000/003): the pause container holds the pod's network,
# IPC and UTS namespaces and the app containers join them, so /proc/self/ns shows the same net, ipc
# and uts inodes in both containers; each container has its own mnt, pid and cgroup namespace
# unless the pod sets shareProcessNamespace (then pause is PID 1 and every process is visible).
# The user and time namespaces are the node's (kernel's fixed initial inodes 4026531837/4026531834).
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata:
  name: two
spec:
  nodeName: worker-1
  containers:
  - name: a
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
  - name: b
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: shared
spec:
  nodeName: worker-1
  shareProcessNamespace: true
  containers:
  - name: web
    image: nginx:1.27
  - name: shell
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF2
sleep 8
kubectl exec two -c a -- ls -l /proc/self/ns
kubectl exec two -c b -- ls -l /proc/self/ns
kubectl exec two -c a -- sh -c 'for n in net ipc uts pid mnt; do echo "$n $(readlink /proc/self/ns/$n)"; done'
kubectl exec two -c b -- sh -c 'for n in net ipc uts pid mnt; do echo "$n $(readlink /proc/self/ns/$n)"; done'
kubectl exec two -c a -- cat /proc/1/cgroup
kubectl exec two -c a -- sh -c "tr '\\0' ' ' < /proc/1/cmdline; echo"
kubectl exec two -c a -- sh -c 'grep -E "^(Name|Pid|PPid|NSpid|CapEff|Seccomp):" /proc/1/status'
kubectl exec two -c a -- ls /proc
kubectl exec shared -c shell -- ps
kubectl exec shared -c shell -- ls /proc
kubectl exec shared -c shell -- cat /proc/1/comm
kubectl exec shared -c shell -- sh -c 'readlink /proc/1/ns/pid; readlink /proc/self/ns/pid; readlink /proc/1/ns/mnt; readlink /proc/self/ns/mnt'
kubectl exec shared -c shell -- cat /proc/1/cgroup
kubectl exec shared -c shell -- readlink /proc/self
