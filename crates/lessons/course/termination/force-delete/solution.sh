kubectl get pod stubborn -o wide
kubectl delete pod stubborn --grace-period=0 --force
kubectl get pods
podlife node worker-2 -- crictl ps
sleep 3
podlife node worker-2 -- crictl ps -a
