# The termination message ("Determine the Reason for Pod Failure"): what a container writes
# to its terminationMessagePath (/dev/termination-log by default; /tmp/my-log here) becomes
# state.terminated.message, the last 4 KiB of it; with terminationMessagePolicy
# FallbackToLogsOnError, a failed container that wrote nothing there gives the tail of its
# log instead (at most 80 lines, 2 KiB), a successful one nothing. The page's example runs
# debian; busybox stands in for it.
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: termination-demo
spec:
  containers:
  - name: termination-demo-container
    image: busybox:1.36
    command: ["/bin/sh"]
    args: ["-c", "sleep 10 && echo Sleep expired > /dev/termination-log"]
---
apiVersion: v1
kind: Pod
metadata:
  name: msg-path-demo
spec:
  restartPolicy: Never
  containers:
  - name: msg-path-demo-container
    image: busybox:1.36
    terminationMessagePath: "/tmp/my-log"
    command: ["/bin/sh"]
    args: ["-c", "sleep 2 && echo Sleep expired > /tmp/my-log; exit 1"]
---
apiVersion: v1
kind: Pod
metadata:
  name: fallback
spec:
  restartPolicy: Never
  containers:
  - name: fails
    image: busybox:1.36
    terminationMessagePolicy: FallbackToLogsOnError
    command: ["sh", "-c", "echo starting; echo no config found >&2; exit 2"]
  - name: succeeds
    image: busybox:1.36
    terminationMessagePolicy: FallbackToLogsOnError
    command: ["sh", "-c", "echo all done"]
YAML
sleep 15
kubectl get pod termination-demo -o jsonpath='{.status.containerStatuses[0].lastState.terminated.message}'
kubectl get pod msg-path-demo -o jsonpath='{.status.containerStatuses[0].state.terminated.exitCode} {.status.containerStatuses[0].state.terminated.message}'
kubectl get pod fallback -o jsonpath='{range .status.containerStatuses[*]}{.name}: {.state.terminated.reason} {.state.terminated.message}{"\n"}{end}'
kubectl describe pod fallback
