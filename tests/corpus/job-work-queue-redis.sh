# page: https://kubernetes.io/docs/tasks/job/fine-parallel-processing-work-queue/
# Starting Redis
kubectl apply -f https://kubernetes.io/examples/application/job/redis/redis-pod.yaml
kubectl apply -f https://kubernetes.io/examples/application/job/redis/redis-service.yaml
sleep 15
# page: "Start a temporary interactive pod for running the Redis CLI" (kubectl run -i --tty temp
# --image redis --command "/bin/sh"; a script cannot type into it: the same pod, kept alive, and
# each redis-cli line through kubectl exec)
kubectl run temp --image redis --command -- sleep infinity
sleep 10
# page: "redis-cli -h redis", rpush job2 apple … orange: "(integer) 1" … "(integer) 9"
for f in apple banana cherry date fig grape lemon melon orange; do kubectl exec temp -- redis-cli -h redis rpush job2 "$f"; done
# page: lrange job2 0 -1: 1) "apple" … 9) "orange" (redis-cli prints the numbered form on a
# terminal only; through a pipe, one item a line)
kubectl exec temp -- redis-cli -h redis lrange job2 0 -1
# The Job itself (job.yaml, image gcr.io/myproject/job-wq-2) runs an image the reader builds from
# Dockerfile, worker.py and rediswq.py and pushes to a registry: not something a cluster can do
# (see INVENTORY.md, exception)
