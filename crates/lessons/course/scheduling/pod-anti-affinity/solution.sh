kubectl apply -f web.yaml
sleep 5
kubectl get pods -o wide
kubectl get events --field-selector reason=FailedScheduling
podlife node add worker-3 --cpu 2 --memory 4Gi
sleep 10
kubectl get pods -o wide
kubectl get deployment web
