# backoffLimitPerIndex: each index of an Indexed Job has its own retries. Index 1 always exits 1
# and is retried once (the replacement carries job-index-failure-count: 1, after the 10 s
# per-index back-off); index 3 exits 42, which a FailIndex rule fails at once. Indexes 0 and 2
# succeed. When every index has either succeeded or failed, the Job fails with FailedIndexes;
# status.failedIndexes lists the failed ones as intervals. A second Job with maxFailedIndexes: 0
# fails as soon as one index has failed (MaxFailedIndexesExceeded). Last, kube-apiserver refuses
# the per-index fields on a NonIndexed Job.
kubectl apply -f - <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: shards
spec:
  completions: 4
  parallelism: 4
  completionMode: Indexed
  backoffLimitPerIndex: 1
  maxFailedIndexes: 2
  podFailurePolicy:
    rules:
    - action: FailIndex
      onExitCodes:
        operator: In
        values: [42]
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", "sleep 2; case $JOB_COMPLETION_INDEX in 1) exit 1;; 3) exit 42;; esac"]
EOF
sleep 8
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.status.phase}{"\t"}{.metadata.annotations['batch.kubernetes.io/job-index-failure-count']}{"\n"}{end}'
kubectl get job shards -o jsonpath='completed={.status.completedIndexes} failedIndexes={.status.failedIndexes} failed={.status.failed}{"\n"}'
sleep 20
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.status.phase}{"\t"}{.metadata.annotations['batch.kubernetes.io/job-index-failure-count']}{"\n"}{end}'
kubectl get jobs
kubectl get job shards -o jsonpath='completed={.status.completedIndexes} failedIndexes={.status.failedIndexes} failed={.status.failed}{"\n"}'
kubectl get job shards -o jsonpath='{range .status.conditions[*]}{.type}{"\t"}{.reason}{"\t"}{.message}{"\n"}{end}'
kubectl apply -f - <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: strict
spec:
  completions: 3
  parallelism: 3
  completionMode: Indexed
  backoffLimitPerIndex: 0
  maxFailedIndexes: 0
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", "trap 'exit 143' TERM; if [ $JOB_COMPLETION_INDEX = 2 ]; then sleep 2; exit 1; fi; sleep 3600 & wait"]
EOF
sleep 10
kubectl get jobs
kubectl get job strict -o jsonpath='failedIndexes={.status.failedIndexes} failed={.status.failed}{"\n"}{range .status.conditions[*]}{.type}{"\t"}{.reason}{"\t"}{.message}{"\n"}{end}'
kubectl get events --field-selector involvedObject.kind=Job
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: not-indexed
spec:
  completions: 3
  backoffLimitPerIndex: 1
  maxFailedIndexes: 1
  podFailurePolicy:
    rules:
    - action: FailIndex
      onExitCodes:
        operator: In
        values: [42]
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox:1.36
EOF
