kubectl apply -f web.yaml
sleep 3
kubectl get pod web
kubectl describe pod web
sleep 7
kubectl get pod web
kubectl describe pod web
sleep 15
kubectl get pod web
kubectl get pod web -o custom-columns=TYPE:.status.conditions[*].type,STATUS:.status.conditions[*].status
