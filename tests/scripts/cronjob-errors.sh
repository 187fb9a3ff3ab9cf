# kube-apiserver refuses a schedule cron cannot parse and an unknown time zone.
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: CronJob
metadata:
  name: bad
spec:
  schedule: "61 * * * *"
  timeZone: Mars/Olympus
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: work
            image: busybox:1.36
EOF
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: CronJob
metadata:
  name: bad
spec:
  schedule: "every day"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: work
            image: busybox:1.36
EOF
