# An Indexed Job whose successPolicy says index 0 (the leader) is enough. When the leader
# succeeds, the Job gets SuccessCriteriaMet (reason SuccessPolicy), the workers still running
# are deleted, and once they are gone the Job is Complete with the same reason and message.
kubectl apply -f - <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: leader
spec:
  completions: 4
  parallelism: 4
  completionMode: Indexed
  successPolicy:
    rules:
    - succeededIndexes: "0"
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", "trap 'exit 143' TERM; if [ $JOB_COMPLETION_INDEX = 0 ]; then sleep 5; else sleep 3600 & wait; fi"]
EOF
sleep 4
kubectl get pods
sleep 4
kubectl get jobs
kubectl get pods
sleep 5
kubectl get jobs
kubectl get pods
kubectl get job leader -o jsonpath='{range .status.conditions[*]}{.type}{"\t"}{.reason}{"\t"}{.message}{"\n"}{end}'
kubectl get job leader -o jsonpath='completedIndexes={.status.completedIndexes} succeeded={.status.succeeded} failed={.status.failed}{"\n"}'
kubectl get events --field-selector involvedObject.kind=Job
