# kubectl top and CPU as simulated time. kind has no metrics-server: `kubectl top` says the
# Metrics API is not available. Installed (its release manifest with --kubelet-insecure-tls),
# the API answers 503 until its pod is Ready (readinessProbe initialDelaySeconds 20), then
# serves the CPU rate between its last two scrapes (15 s apart) and the memory of the last.
# The docs' cpu-demo (stress --cpu 2, limit 1 CPU) gets exactly its limit: CFS throttles it
# half of every 100 ms period (cpu.stat). A busy shell loop with no limit uses one core. The
# control-plane's own pods use their few millicores as on a fresh kind cluster.
kubectl top pod
podlife addon enable metrics-server
kubectl top node
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: cpu-demo
spec:
  containers:
  - name: cpu-demo-ctr
    image: polinux/stress
    command: ["stress"]
    args: ["--cpu", "2"]
    resources:
      requests:
        cpu: 500m
      limits:
        cpu: "1"
---
apiVersion: v1
kind: Pod
metadata:
  name: spin
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "while true; do :; done"]
EOF2
sleep 10
kubectl get pods -n kube-system -l k8s-app=metrics-server
kubectl top pod
sleep 50
kubectl get pods -n kube-system -l k8s-app=metrics-server
kubectl top pod
kubectl top pod -A --sort-by=cpu
kubectl top pod cpu-demo --containers
kubectl top pod --sum
kubectl top pod nosuch
kubectl top node
kubectl top node --sort-by=memory --no-headers
kubectl top pod --sort-by=disk
kubectl exec cpu-demo -- cat /sys/fs/cgroup/cpu.stat
# A pod created just now has no metrics yet (it needs two scrapes).
kubectl run late --image=busybox:1.36 -- sleep 3600
sleep 3
kubectl top pod late
kubectl delete pod spin cpu-demo --now
sleep 20
kubectl top pod
