kubectl apply -f web.yaml
sleep 15
kubectl get pods -o wide
kubectl get nodes
kubectl describe pod web
podlife node worker-1 -- crictl pods
podlife start kubelet --node worker-1
sleep 6
kubectl get pods -o wide
