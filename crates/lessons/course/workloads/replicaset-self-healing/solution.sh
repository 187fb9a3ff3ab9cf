kubectl apply -f web.yaml
sleep 10
kubectl get rs,pods
kubectl delete pod web-8dc56 --wait=false
kubectl get pods
sleep 2
kubectl get pods
kubectl get events --field-selector involvedObject.kind=ReplicaSet
