# A Job whose pod always fails, with backoffLimit: 2 and restartPolicy: Never: three pods,
# each replacement delayed by the pod-failure back-off (10 s, then 20 s after the last
# failure), then FailureTarget and Failed with BackoffLimitExceeded.
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: flaky
spec:
  backoffLimit: 2
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", "echo trying; exit 1"]
EOF
sleep 5
kubectl get jobs
kubectl get pods
sleep 15
kubectl get pods
sleep 40
kubectl get jobs -o wide
kubectl get pods
kubectl get job flaky -o yaml
kubectl get events --field-selector involvedObject.kind=Job
