kubectl get pod app -o wide
kubectl exec app -- rm /tmp/healthy
sleep 20
kubectl get pod app -o wide
podlife node worker-2 -- crictl pods --name app
podlife node worker-2 -- crictl ps -a --name app
kubectl delete pod app
kubectl apply -f app.yaml
sleep 10
kubectl get pod app -o wide
