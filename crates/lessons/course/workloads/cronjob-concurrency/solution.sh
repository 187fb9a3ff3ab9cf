kubectl apply -f allow.yaml
kubectl apply -f forbid.yaml
kubectl apply -f replace.yaml
kubectl get cronjobs
sleep 65
kubectl get jobs
sleep 60
kubectl get cronjobs
kubectl get jobs
kubectl get pods
kubectl get events --field-selector involvedObject.kind=CronJob
sleep 65
kubectl get jobs
kubectl get events --field-selector involvedObject.kind=CronJob
