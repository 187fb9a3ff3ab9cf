kubectl apply -f web.yaml
sleep 10
kubectl get pod web -o wide
podlife node worker-2 -- crictl pods
podlife node worker-2 -- crictl ps -a
kubectl exec web -c shell -- wget -qO- http://localhost/
kubectl exec web -c shell -- hostname
kubectl exec web -c nginx -- hostname
