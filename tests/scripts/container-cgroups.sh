# cgroup v2 files inside a container (seed 003): runc writes the kubelet's limits into the
# container's own cgroup, which its cgroup namespace shows as /sys/fs/cgroup. memory.max is the
# memory limit in whole pages (1G = 999997440) or "max"; cpu.max is "QUOTA PERIOD" with the
# kubelet's 100000 µs CFS period (500m → 50000) or "max 100000"; cpu.weight comes from the CPU
# request's shares through runc's conversion (2 shares → 1, 1024 → 100); a limit-only container
# gets its request from the limit. /proc/self/cgroup shows the namespace root.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata:
  name: limited
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    resources:
      requests: {cpu: 250m, memory: 64Mi}
      limits: {cpu: 500m, memory: 1G}
---
apiVersion: v1
kind: Pod
metadata:
  name: besteffort
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: guaranteed
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    resources:
      limits: {cpu: "1", memory: 128Mi}
EOF2
sleep 8
kubectl get pods
kubectl exec limited -- cat /sys/fs/cgroup/memory.max /sys/fs/cgroup/cpu.max /sys/fs/cgroup/cpu.weight
kubectl exec besteffort -- cat /sys/fs/cgroup/memory.max /sys/fs/cgroup/cpu.max /sys/fs/cgroup/cpu.weight
kubectl exec guaranteed -- cat /sys/fs/cgroup/memory.max /sys/fs/cgroup/cpu.max /sys/fs/cgroup/cpu.weight
kubectl exec limited -- ls /sys/fs/cgroup
kubectl exec limited -- cat /sys/fs/cgroup/cgroup.procs
kubectl exec limited -- cat /proc/self/cgroup
kubectl exec limited -- ls -l /sys/fs/cgroup/memory.max
kubectl exec limited -- sh -c 'echo 2G > /sys/fs/cgroup/memory.max'
