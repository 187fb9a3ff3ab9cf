kubectl apply -f api.yaml
kubectl apply -f cache.yaml
kubectl apply -f batch.yaml
kubectl get pods -o custom-columns=NAME:.metadata.name,QOS:.status.qosClass
kubectl delete pod api
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata:
  name: api
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    resources:
      requests:
        cpu: 500m
        memory: 128Mi
      limits:
        cpu: 500m
        memory: 128Mi
EOF2
sleep 5
kubectl get pods -o custom-columns=NAME:.metadata.name,QOS:.status.qosClass,PHASE:.status.phase
