kubectl apply -f shop.yaml
sleep 3
kubectl get pods
kubectl logs shop -c proxy
sleep 4
kubectl get pods
sleep 5
kubectl get pods
kubectl logs shop -c proxy
kubectl delete pod shop --wait=false
kubectl get pods -w
sleep 8
