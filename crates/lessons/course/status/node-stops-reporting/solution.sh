kubectl get pod web -o wide
podlife node down worker-1
sleep 30
kubectl get nodes
sleep 30
kubectl get nodes
kubectl get pod web -o wide
kubectl describe pod web
