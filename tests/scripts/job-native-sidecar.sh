# A Job whose pod has a native sidecar (an init container with restartPolicy: Always). The
# sidecar starts first and keeps running; when the main container exits 0, no regular
# container is left to run, so the kubelet kills the pod (computePodActions' KillPod): the
# sidecar gets SIGTERM (its trap exits), the pod reaches Succeeded, and the Job completes.
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: report
spec:
  template:
    spec:
      restartPolicy: Never
      initContainers:
      - name: log-shipper
        image: busybox:1.36
        restartPolicy: Always
        command: ["sh", "-c", "trap 'echo flushed; exit 0' TERM; while true; do sleep 1; done"]
      containers:
      - name: main
        image: busybox:1.36
        command: ["sh", "-c", "echo working; sleep 5; echo done"]
EOF
sleep 3
kubectl get pods
kubectl get jobs
sleep 6
kubectl get pods
sleep 5
kubectl get pods
kubectl get jobs
kubectl logs job/report -c log-shipper
kubectl get pods -o jsonpath='{range .items[*].status.initContainerStatuses[*]}{.name}{"\t"}{.state.terminated.reason}{"\t"}{.state.terminated.exitCode}{"\n"}{end}'
kubectl get job report -o jsonpath='{range .status.conditions[*]}{.type}{"\t"}{.reason}{"\t"}{.message}{"\n"}{end}'
kubectl get events --field-selector involvedObject.kind=Job
