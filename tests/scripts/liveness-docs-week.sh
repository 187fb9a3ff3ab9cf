# A week of the docs' exec liveness example (kubernetes.io, "Configure Liveness, Readiness and
# Startup Probes"): the container creates /tmp/healthy, removes it after 30 s and sleeps. The
# probe passes for the first 30 s of every run, then fails three times 5 s apart; `sh` is PID 1
# and ignores SIGTERM, so each kill waits out the 30 s grace and ends in exit 137 — a run of
# about 75 s. At the 5-minute cap the kill of a run starts the container again at once
# (`doBackOff` finds the newest exited instance more than 5 minutes old) and the next kill
# meets the back-off: two restarts about every 7.5 minutes, ~16 an hour. Which tick fails
# first depends on each run's phase against the probe worker's own ticker; quiet stretches
# replay the cycles whole from what they told of the moment the probe starts failing
# (`kubelet/restarts.rs`, `ProbeAnchor::fail_window`). After the week: about 2,650 restarts,
# the last run 75 s long, `Unhealthy` about three times a run, one exited instance on the node.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: liveness-exec
spec:
  containers:
  - name: liveness
    image: registry.k8s.io/busybox:1.27.2
    args: ["/bin/sh", "-c", "touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600"]
    livenessProbe:
      exec:
        command: ["cat", "/tmp/healthy"]
      initialDelaySeconds: 5
      periodSeconds: 5
EOF
sleep 604800
kubectl get pods
kubectl describe pod liveness-exec
podlife node worker-2 -- crictl ps -a --name liveness
