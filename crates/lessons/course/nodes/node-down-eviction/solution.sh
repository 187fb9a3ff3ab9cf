kubectl get pods -o wide
podlife node down worker-1
sleep 60
kubectl get nodes
kubectl describe node worker-1
sleep 300
kubectl get pods -o wide
sleep 10
kubectl get pods -o wide
kubectl get events --field-selector reason=TaintManagerEviction
