# CronJobs in America/New_York across the spring-forward night of 2026-03-08 (02:00 EST
# becomes 03:00 EDT). The clock first moves to the evening before, with the kubelets and
# kube-proxies stopped so that six quiet days do not fill the transcript.
# "30 2 * * *" has no 02:30 that night: robfig/cron (which the CronJob controller uses) walks
# hours by adding absolute hours, so the run is skipped and the next is 02:30 EDT on the 9th.
# "0 0-5 * * *" runs at 00:00 and 01:00 EST, then 03:00 EDT right after: no 02:00 that night.
# The scheduled-timestamp annotation carries the zone's offset at the scheduled time.
podlife stop kube-proxy --node control-plane
podlife stop kube-proxy --node worker-1
podlife stop kube-proxy --node worker-2
podlife stop kubelet --node control-plane
podlife stop kubelet --node worker-1
podlife stop kubelet --node worker-2
sleep 138h
podlife start kubelet --node control-plane
podlife start kubelet --node worker-1
podlife start kubelet --node worker-2
sleep 1m
kubectl get nodes
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: CronJob
metadata:
  name: nightly
spec:
  schedule: "30 2 * * *"
  timeZone: America/New_York
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: work
            image: busybox:1.36
            command: ["sh", "-c", "date"]
---
apiVersion: batch/v1
kind: CronJob
metadata:
  name: early
spec:
  schedule: "0 0-5 * * *"
  timeZone: America/New_York
  successfulJobsHistoryLimit: 10
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: Never
          containers:
          - name: work
            image: busybox:1.36
            command: ["sh", "-c", "date"]
EOF
kubectl get cronjobs
sleep 7h
kubectl get cronjobs
kubectl get jobs -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.metadata.annotations['batch.kubernetes.io/cronjob-scheduled-timestamp']}{"\n"}{end}'
sleep 22h
kubectl get cronjobs
kubectl get jobs -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.metadata.annotations['batch.kubernetes.io/cronjob-scheduled-timestamp']}{"\n"}{end}'
kubectl get events --field-selector involvedObject.kind=CronJob
