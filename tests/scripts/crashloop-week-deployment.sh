# A week of a Deployment whose three replicas all fail the same way on every run, on both
# workers. Each pod's restarts repeat its last; besides them only the ReplicaSet's readiness
# count moves (each pod is Ready for the second its program runs), so quiet stretches replay
# all three crash loops together (`kubelet/restarts.rs`): their cycles drawn in time order,
# each stretch ending at a restart that runs for real while the other two wait out their
# back-off. The week ends as a real one would: about 2,000 restarts each, the ReplicaSet not
# ready, the Deployment `Available` False since the first minutes, each pod's last run the
# exited instance its status, `kubectl logs --previous` and crictl show.
kubectl create deployment crash --replicas=3 --image=busybox:1.36 -- sh -c 'echo starting; sleep 1; exit 1'
sleep 604800
kubectl get pods -o wide
kubectl get deployment,replicaset
kubectl describe deployment crash
podlife node worker-1 -- crictl ps -a
podlife node worker-2 -- crictl ps -a
podlife node worker-2 -- journalctl -u containerd --no-pager -n 10
