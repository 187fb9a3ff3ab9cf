kubectl apply -f web.yaml
sleep 5
kubectl get pod web
sleep 20
kubectl get pod web
sleep 20
kubectl get pod web
kubectl describe pod web
kubectl set image pod/web nginx=nginx:1.27
sleep 30
kubectl get pod web
