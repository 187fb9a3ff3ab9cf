kubectl apply -f cache.yaml
sleep 2
kubectl describe pod cache
kubectl describe node worker-1
kubectl delete pod cache
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: cache
  labels:
    app: cache
spec:
  containers:
  - name: redis
    image: redis:7
    ports:
    - containerPort: 6379
    resources:
      requests:
        cpu: 250m
        memory: 1Gi
      limits:
        memory: 1Gi
EOF
sleep 10
kubectl get pod cache -o wide
