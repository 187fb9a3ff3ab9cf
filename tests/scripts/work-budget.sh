# Work has a budget per command, counted in interpreter steps (never wall time, so runs stay
# reproducible). A busy loop costs 10,000 steps per simulated second of a core: `sleep 3600`
# beside one would need 36 million, more than one command's 5 million. The simulation stops
# at its last reaction and says so; the clock stays there (AGE shows it). The next command
# gets a new budget and time goes on. `kubectl exec` of a command that never ends waits (as
# kubectl would) until podlife's limit for one exec — a minute of CPU for a busy command, an
# hour for one that blocks — and says it stopped waiting.
kubectl apply -f - <<'EOF2'
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
sleep 3600
kubectl get pods
sleep 10
kubectl get pods
kubectl exec spin -- sh -c 'while true; do :; done'
kubectl exec spin -- sleep infinity
kubectl get pods
