kubectl apply -f db.yaml
sleep 3
kubectl get pods
sleep 5
kubectl get pods
sleep 12
kubectl get pods -o wide
kubectl get events --field-selector involvedObject.kind=StatefulSet
kubectl delete pod db-1
sleep 8
kubectl get pods -o wide
kubectl scale statefulset db --replicas=1
sleep 1
kubectl get pods
sleep 3
kubectl get pods
kubectl get events --field-selector involvedObject.kind=StatefulSet
