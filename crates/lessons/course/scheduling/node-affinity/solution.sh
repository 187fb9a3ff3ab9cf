kubectl apply -f db.yaml
sleep 2
kubectl describe pod db
kubectl get nodes --show-labels
kubectl label nodes worker-1 disktype=ssd
sleep 10
kubectl get pod db -o wide
kubectl label nodes worker-1 disktype-
sleep 10
kubectl get pod db -o wide
kubectl get events --field-selector involvedObject.name=db
