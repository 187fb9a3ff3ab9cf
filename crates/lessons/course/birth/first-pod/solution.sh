kubectl apply -f nginx.yaml
sleep 10
kubectl get pod nginx -o wide
