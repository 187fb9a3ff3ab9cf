# A week of a container that fails the same way on every run. Once its back-off reaches the
# 5-minute cap, each restart repeats the one before — the same program, the same output, the
# same exit after the same second — and nothing else happens to the pod, so quiet stretches
# replay whole restart cycles instead of running each one (`kubelet/restarts.rs`): the back-off
# syncs keep their jitter, the events their counts, the containerd journal its lines, and the
# week ends as a real one would, about 2,000 restarts later, with the last run as the exited
# instance the status, `kubectl logs --previous` and `crictl` show.
kubectl run crash --image=busybox:1.36 -- sh -c 'echo starting; sleep 1; echo "giving up" >&2; exit 1'
sleep 604800
kubectl get pods
kubectl get events
kubectl logs crash --previous
podlife node worker-2 -- crictl ps -a --name crash
podlife node worker-2 -- journalctl -u containerd --no-pager -n 7
