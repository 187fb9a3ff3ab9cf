# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-volume-storage/
kubectl apply -f https://k8s.io/examples/pods/storage/redis.yaml
sleep 10
# page: redis 1/1 Running
kubectl get pod redis
# page: in a shell in the container, "cd /data/redis/", "echo Hello > test-file"
kubectl exec redis -- sh -c 'cd /data/redis && echo Hello > test-file && ls /data/redis'
# page: in the shell, "apt-get update", "apt-get install procps", "ps aux": redis-server *:6379
# as user redis, PID 1, Ssl; the shell and ps aux as root (the page's shell has a terminal,
# pts/0 and R+; an exec without -t has none: ? and R)
kubectl exec redis -- bash -c 'apt-get update >/dev/null && apt-get install -y procps >/dev/null && ps aux'
# page: "kill <pid>", the Redis process ID ps shows
kubectl exec redis -- bash -c 'kill $(ps aux | awk "\$11 == \"redis-server\" {print \$2}")'
sleep 15
# page: "redis 0/1 Completed 0 …", then "redis 1/1 Running 1 …": the container restarts
kubectl get pod redis
# page: "cd /data/redis/; ls": "test-file" — the emptyDir outlives the container
kubectl exec redis -- ls /data/redis
kubectl exec redis -- cat /data/redis/test-file
