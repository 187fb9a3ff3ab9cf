kubectl apply -f crasher.yaml
kubectl apply -f typo.yaml
sleep 10
kubectl get pods
sleep 50
kubectl get pods
kubectl describe pod typo
sleep 240
kubectl get pods
kubectl describe pod crasher
