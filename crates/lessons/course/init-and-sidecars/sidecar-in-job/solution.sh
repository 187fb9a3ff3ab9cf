kubectl apply -f report.yaml
sleep 10
kubectl get pods
kubectl get jobs
kubectl delete job report
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: report
spec:
  backoffLimit: 2
  template:
    spec:
      restartPolicy: Never
      initContainers:
      - name: log-shipper
        image: busybox:1.36
        restartPolicy: Always
        command: ["sh", "-c", "trap 'echo log-shipper: flushed; exit 0' TERM; echo log-shipper: shipping; while true; do sleep 1; done"]
      containers:
      - name: report
        image: busybox:1.36
        command: ["sh", "-c", "echo report: building; sleep 5; echo report: done"]
EOF
sleep 10
kubectl get pods
kubectl get jobs
kubectl logs job/report -c log-shipper
