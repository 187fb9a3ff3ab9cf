# When does STATUS say CrashLoopBackOff? The kubelet computes a pod's status at the start of
# each sync, before it acts. The sync that follows a crash shows the exit (Error), then meets
# the back-off and records it in its reason cache; the waiting reason appears at the next
# sync. With a short back-off that is the sync at the back-off's end, which reports
# CrashLoopBackOff and restarts the container at once; a back-off longer than the 1-minute
# resync is reported as CrashLoopBackOff from its first resync until the restart.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: crasher
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "exit 1"]
EOF
kubectl get pods -w
sleep 275
kubectl get pod crasher -o jsonpath='{.status.containerStatuses[0].state.waiting.reason}: {.status.containerStatuses[0].state.waiting.message}{"\n"}'
kubectl describe pod crasher
