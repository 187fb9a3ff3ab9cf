# How kube-apiserver deletes a pod (registry/rest/delete.go BeforeDelete, the pod strategy's
# CheckGracefulDelete): every pod delete first writes deletionTimestamp and
# deletionGracePeriodSeconds (and bumps metadata.generation), then removes the pod at once if
# the period is 0 — an unscheduled pod (the stuck Job's, past its deadline), a Succeeded one
# (the quick Job's, collected with its Job by the TTL controller) — so a watch sees MODIFIED
# before DELETED. A second delete may only shorten a running grace period (the timestamp moves
# back, never into the past); the kubelet then cancels the termination in flight and starts it
# again with the shorter period: a second Killing, a second SIGTERM, SIGKILL 5 s later.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: stubborn
spec:
  containers:
  - name: app
    image: busybox:1.37
    command: ["sh", "-c", "trap '' TERM; while true; do sleep 1; done"]
---
apiVersion: batch/v1
kind: Job
metadata:
  name: quick
spec:
  ttlSecondsAfterFinished: 0
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: app
        image: busybox:1.37
        command: ["true"]
---
apiVersion: batch/v1
kind: Job
metadata:
  name: stuck
spec:
  activeDeadlineSeconds: 3
  template:
    spec:
      restartPolicy: Never
      nodeSelector:
        disk: none
      containers:
      - name: app
        image: busybox:1.37
EOF
kubectl get pods -w --output-watch-events
sleep 8
kubectl get jobs
kubectl delete pod stubborn --wait=false
sleep 2
kubectl get pod stubborn -o jsonpath='{.metadata.generation} {.metadata.deletionTimestamp} {.metadata.deletionGracePeriodSeconds}{"\n"}'
kubectl delete pod stubborn --grace-period=60 --wait=false
kubectl get pod stubborn -o jsonpath='{.metadata.deletionTimestamp} {.metadata.deletionGracePeriodSeconds}{"\n"}'
kubectl delete pod stubborn --grace-period=5 --wait=false
kubectl get pod stubborn -o jsonpath='{.metadata.generation} {.metadata.deletionTimestamp} {.metadata.deletionGracePeriodSeconds}{"\n"}'
kubectl get pod stubborn -w --output-watch-events
sleep 10
kubectl get events --field-selector involvedObject.name=stubborn -o custom-columns=REASON:.reason,COUNT:.count,MESSAGE:.message
