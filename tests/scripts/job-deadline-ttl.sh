# activeDeadlineSeconds: the running pod is deleted and the Job fails with DeadlineExceeded.
# ttlSecondsAfterFinished: the TTL-after-finished controller deletes a finished Job.
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: slow
spec:
  activeDeadlineSeconds: 10
  template:
    spec:
      restartPolicy: Never
      terminationGracePeriodSeconds: 5
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", "sleep 3600"]
---
apiVersion: batch/v1
kind: Job
metadata:
  name: brief
spec:
  ttlSecondsAfterFinished: 20
  template:
    spec:
      restartPolicy: OnFailure
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", "echo done"]
EOF
sleep 8
kubectl get jobs
sleep 10
kubectl get jobs
kubectl get pods
kubectl get job slow -o jsonpath='{range .status.conditions[*]}{.type}{" "}{.reason}{" "}{.lastTransitionTime}{"\n"}{end}'
sleep 20
kubectl get jobs
kubectl get events --field-selector involvedObject.kind=Job
