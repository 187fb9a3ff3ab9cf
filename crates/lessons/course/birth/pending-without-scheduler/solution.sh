podlife stop kube-scheduler
kubectl apply -f web.yaml
sleep 20
kubectl get pods -o wide
kubectl describe pod web
podlife start kube-scheduler
sleep 6
kubectl get pods -o wide
