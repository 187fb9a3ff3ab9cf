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
# A Job's counts must not be negative (validateJobSpec, in its order).
kubectl apply -f - <<YAML
apiVersion: batch/v1
kind: Job
metadata: {name: negative}
spec:
  parallelism: -1
  completions: -2
  backoffLimit: -1
  ttlSecondsAfterFinished: -5
  template:
    spec:
      restartPolicy: Never
      containers: [{name: c, image: busybox:1.36, command: ["true"]}]
YAML
