# A week of a container its liveness probe kills: `cat /tmp/healthy` never finds the file, so
# every run fails three probes 5 s apart and is killed; `sh` is PID 1 and ignores SIGTERM, so
# each kill takes the 30 s grace period and ends in exit 137. At the 5-minute back-off cap the
# sync that kills a run starts the container again at once (`doBackOff` finds the newest
# exited instance more than 5 minutes old), and the second run's kill meets the back-off (its
# first run ended 45 s earlier): two restarts about every 6.5 minutes, ~18 an hour. Quiet
# stretches replay those cycles whole (`kubelet/restarts.rs`, `ProbeAnchor`), each run meeting
# its first probe where the probe worker's own ticker puts it. After the week: about 3,050
# restarts, the last run 45 s long, every event counted over 6d23h (`Killing` once a cycle
# when the spam filter lets it through), one exited instance on the node, its attempt the
# restart count.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: live
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    livenessProbe:
      exec:
        command: ["cat", "/tmp/healthy"]
      periodSeconds: 5
EOF
sleep 604800
kubectl get pods
kubectl describe pod live
podlife node worker-2 -- crictl ps -a --name app
sleep 600
kubectl get events --field-selector involvedObject.name=live
