kubectl apply -f thumbnails.yaml
sleep 3
kubectl get pods
sleep 5
kubectl get jobs
kubectl get pods
sleep 15
kubectl get jobs
kubectl get pods
kubectl get job thumbnails -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}{"\n"}{end}'
