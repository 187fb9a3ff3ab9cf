# The CronJob controller was down over a schedule (upstream pkg/controller/cronjob,
# cronjob_controllerv2.go and utils.go). When kube-controller-manager starts again its informers
# list every CronJob and each is synced at once. `nextScheduleTime` looks for the most recent
# unmet schedule after max(lastScheduleTime or creation, now - startingDeadlineSeconds):
# - "within" (startingDeadlineSeconds 300) missed 09:05 by 60 s: the Job starts late, named
#   after 09:05 and annotated with that scheduled time;
# - "too-late" (startingDeadlineSeconds 30): 09:05 is outside the window, so it is not even
#   seen — no Job and no event. (syncCronJob's `MissSchedule` warning can only fire for a time
#   inside that window, which is never too late: in the v2 controller it is unreachable.)
# - "every-minute" (no deadline) missed 120 schedules over two hours: more than 100, so a
#   `TooManyMissedTimes` warning, and only the most recent one runs.
# Each then keeps its schedule: the sync requeues itself 100 ms after the next time.
kubectl apply -f - <<'YAML'
apiVersion: batch/v1
kind: CronJob
metadata: {name: within}
spec:
  schedule: "*/5 * * * *"
  startingDeadlineSeconds: 300
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: c, image: busybox:1.36, command: ["sh", "-c", "echo ran"]}]
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: too-late}
spec:
  schedule: "*/5 * * * *"
  startingDeadlineSeconds: 30
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: c, image: busybox:1.36, command: ["sh", "-c", "echo ran"]}]
YAML
sleep 200
podlife stop kube-controller-manager
sleep 160
podlife start kube-controller-manager
sleep 20
kubectl get jobs
kubectl get cronjobs
kubectl get job within-29540705 -o jsonpath='{.metadata.annotations}{"\n"}{.metadata.creationTimestamp}{"\n"}'
kubectl get events --field-selector involvedObject.kind=CronJob
sleep 240
kubectl get jobs
kubectl delete cronjob within too-late
kubectl apply -f - <<'YAML'
apiVersion: batch/v1
kind: CronJob
metadata: {name: every-minute}
spec:
  schedule: "* * * * *"
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers: [{name: c, image: busybox:1.36, command: ["sh", "-c", "echo ran"]}]
YAML
podlife stop kube-controller-manager
sleep 2h
podlife start kube-controller-manager
sleep 5
kubectl get cronjobs
kubectl get jobs -l batch.kubernetes.io/controller-uid --sort-by=.metadata.creationTimestamp
kubectl get events --field-selector involvedObject.name=every-minute
sleep 2m
kubectl get cronjob every-minute
