# Two CronJobs over a simulated day. Every 4 hours a Job runs for 5 hours: under Forbid the
# next run is skipped while one is active (JobAlreadyActive); under Replace the running Job is
# deleted and a new one starts. History limits keep 3 succeeded and 1 failed Job.
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: CronJob
metadata:
  name: forbid
spec:
  schedule: "0 */4 * * *"
  concurrencyPolicy: Forbid
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: work
            image: busybox:1.36
            command: ["sh", "-c", "sleep 18000"]
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: replace
spec:
  schedule: "0 */4 * * *"
  concurrencyPolicy: Replace
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: work
            image: busybox:1.36
            command: ["sh", "-c", "sleep 18000"]
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: hourly
spec:
  schedule: "@hourly"
  timeZone: Asia/Seoul
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: work
            image: busybox:1.36
            command: ["sh", "-c", "echo tick"]
EOF
kubectl get cronjobs
sleep 3h
kubectl get cronjobs
kubectl get jobs
sleep 4h
kubectl get cronjobs -o wide
kubectl get jobs
sleep 17h
kubectl get cronjobs
kubectl get jobs
kubectl get events --field-selector involvedObject.kind=CronJob
