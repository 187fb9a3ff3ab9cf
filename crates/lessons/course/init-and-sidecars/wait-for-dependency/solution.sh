kubectl apply -f myapp.yaml
sleep 8
kubectl get pods
kubectl logs myapp -c wait-for-postgres --tail=2
kubectl get svc,endpointslices
kubectl scale deployment postgres --replicas=1
kubectl get pods -w
sleep 30
kubectl logs myapp -c wait-for-postgres --tail=2
kubectl logs myapp
