kubectl delete pod stubborn --wait=false
kubectl get pod stubborn -w
sleep 32
kubectl get events --field-selector involvedObject.name=stubborn
kubectl apply -f stubborn.yaml
sleep 5
kubectl delete pod stubborn --grace-period=5
