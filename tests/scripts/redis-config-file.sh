# redis reads a configuration file given as its first argument (the official image's
# docker-entrypoint.sh turns a first argument ending in .conf into `redis-server FILE`):
# CONFIG GET answers from it, CONFIG SET changes the running server only, and a line redis
# does not know stops it at start with its fatal configuration error.
kubectl create configmap good --from-literal=redis.conf=$'maxmemory 2mb\nmaxmemory-policy allkeys-lru'
kubectl create configmap bad --from-literal=redis.conf=$'maxmemory 2mb\nmaxmemroy-policy allkeys-lru'
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: good
spec:
  containers:
  - name: redis
    image: redis:7.4
    args: ["/etc/redis/redis.conf"]
    volumeMounts: [{name: conf, mountPath: /etc/redis}]
  volumes: [{name: conf, configMap: {name: good}}]
---
apiVersion: v1
kind: Pod
metadata:
  name: bad
spec:
  containers:
  - name: redis
    image: redis:7.4
    args: ["/etc/redis/redis.conf"]
    volumeMounts: [{name: conf, mountPath: /etc/redis}]
  volumes: [{name: conf, configMap: {name: bad}}]
YAML
sleep 15
kubectl get pods
kubectl exec good -- redis-cli CONFIG GET 'maxmemory*'
kubectl exec good -- redis-cli CONFIG SET maxmemory 1gb
kubectl exec good -- redis-cli CONFIG GET maxmemory
kubectl exec good -- redis-cli CONFIG SET maxmemory-policy sometimes
kubectl logs bad
