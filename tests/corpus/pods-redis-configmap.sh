# page: https://kubernetes.io/docs/tutorials/configuration/configure-redis-using-configmap/
# page: an empty ConfigMap first ("cat <<EOF >./example-redis-config.yaml … redis-config: """)
cat <<'EOF' >./example-redis-config.yaml
apiVersion: v1
kind: ConfigMap
metadata:
  name: example-redis-config
data:
  redis-config: ""
EOF
kubectl apply -f example-redis-config.yaml
kubectl apply -f https://k8s.io/examples/pods/config/redis-pod.yaml
sleep 15
# page: pod/redis 1/1 Running; configmap/example-redis-config DATA 1
kubectl get pod/redis configmap/example-redis-config
# page: CONFIG GET maxmemory → "maxmemory", "0"; CONFIG GET maxmemory-policy → "noeviction"
# (typed into an interactive redis-cli on the page: one command each here, non-tty output)
kubectl exec redis -- redis-cli CONFIG GET maxmemory
kubectl exec redis -- redis-cli CONFIG GET maxmemory-policy
# page: apply the example's data (maxmemory 2mb, maxmemory-policy allkeys-lru)
kubectl apply -f https://k8s.io/examples/pods/config/example-redis-config.yaml
# page: "The configuration values do not grab updated values from the associated ConfigMaps until
# you restart the Pod"
kubectl exec redis -- redis-cli CONFIG GET maxmemory
kubectl delete pod redis
kubectl apply -f https://k8s.io/examples/pods/config/redis-pod.yaml
sleep 15
# page: "2097152" and "allkeys-lru"
kubectl exec redis -- redis-cli CONFIG GET maxmemory
kubectl exec redis -- redis-cli CONFIG GET maxmemory-policy
