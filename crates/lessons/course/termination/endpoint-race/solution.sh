kubectl get pods -o wide
podlife traffic svc/web --rps 50 --for 30s
sleep 5
kubectl delete pod web-766486c5b6-lksmp
kubectl get endpointslices -l kubernetes.io/service-name=web -o wide
sleep 30
