# A container whose shell loop never blocks uses CPU, and simulated time goes on: `sleep 60`
# beside it takes 60 simulated seconds (and little wall time). The shell runs 10,000 steps
# per CPU-second; a 250m limit throttles the loop to a quarter of each 100 ms period
# (cpu.stat: every period throttled, 75 ms each). An exec probe whose command never ends
# fails at its timeoutSeconds with the CRI client's `command "…" timed out`, and the kubelet
# restarts the container after three failures. A preStop hook that spins is cut off by the
# grace period. A trap on TERM in a busy loop runs between two commands.
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: spin
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "i=0; while true; do i=$((i+1)); echo $i > /tmp/count; done"]
    resources:
      limits:
        cpu: 250m
EOF2
sleep 60
kubectl get pods
kubectl exec spin -- cat /sys/fs/cgroup/cpu.stat
kubectl exec spin -- cat /tmp/count
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: probe-loop
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    livenessProbe:
      exec:
        command: ["sh", "-c", "while true; do :; done"]
      periodSeconds: 5
      timeoutSeconds: 2
---
apiVersion: v1
kind: Pod
metadata:
  name: hook-loop
spec:
  terminationGracePeriodSeconds: 10
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "trap 'echo got TERM; exit 0' TERM; while true; do :; done"]
    lifecycle:
      preStop:
        exec:
          command: ["sh", "-c", "while true; do :; done"]
EOF2
sleep 30
kubectl get events --field-selector involvedObject.name=probe-loop
kubectl delete pod hook-loop --wait=false
sleep 12
kubectl get pods
kubectl get events --field-selector involvedObject.name=hook-loop
