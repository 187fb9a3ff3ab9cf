kubectl apply -f shop.yaml
sleep 10
kubectl get pods
sleep 35
kubectl get pods
kubectl get events --field-selector reason=Killing
kubectl describe endpointslice -l kubernetes.io/service-name=shop
kubectl logs hung --previous
