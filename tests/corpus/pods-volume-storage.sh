# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-volume-storage/
# (FAILING: kill cannot reach redis-server; the golden has the page's restart, see INVENTORY.md)
kubectl apply -f https://k8s.io/examples/pods/storage/redis.yaml
sleep 10
# page: redis 1/1 Running
kubectl get pod redis
# page: in a shell in the container, "cd /data/redis/", "echo Hello > test-file"
kubectl exec redis -- sh -c 'cd /data/redis && echo Hello > test-file && ls /data/redis'
# page: install procps with apt-get, find redis-server in ps aux and kill it (apt-get installs
# procps in podlife too, but procps's ps is not simulated): redis-server is PID 1, the shell's
# kill ends it the same way
kubectl exec redis -- sh -c 'kill 1'
sleep 15
# page: "redis 0/1 Completed 0 …", then "redis 1/1 Running 1 …": the container restarts
kubectl get pod redis
# page: "cd /data/redis/; ls": "test-file" — the emptyDir outlives the container
kubectl exec redis -- ls /data/redis
kubectl exec redis -- cat /data/redis/test-file
