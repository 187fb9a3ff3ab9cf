kubectl apply -f migrate.yaml
sleep 5
kubectl get jobs
kubectl get pods
sleep 10
kubectl get pods
sleep 25
kubectl get jobs
kubectl get pods
kubectl get job migrate -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
kubectl get events --field-selector involvedObject.kind=Job
kubectl delete job migrate
kubectl apply -f - <<EOF2
apiVersion: batch/v1
kind: Job
metadata:
  name: migrate
spec:
  backoffLimit: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: migrate
        image: busybox:1.36
        command: ["sh", "-c", "echo connecting to db; sleep 2; echo 'schema up to date'; exit 0"]
EOF2
sleep 8
kubectl get jobs
kubectl get pods
