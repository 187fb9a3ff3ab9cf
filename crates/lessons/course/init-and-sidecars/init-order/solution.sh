kubectl apply -f web.yaml
sleep 2
kubectl get pods
sleep 4
kubectl get pods
kubectl logs web -c fetch-config
sleep 8
kubectl get pods
kubectl logs web -c migrate-db
sleep 4
kubectl get pods
