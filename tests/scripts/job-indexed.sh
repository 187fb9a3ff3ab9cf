# An Indexed Job: 5 completions, 2 at a time. Each pod gets its index (annotation, label,
# hostname, JOB_COMPLETION_INDEX); completedIndexes grows as intervals.
kubectl apply -f - <<'EOF'
apiVersion: batch/v1
kind: Job
metadata:
  name: shards
spec:
  completions: 5
  parallelism: 2
  completionMode: Indexed
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", "echo shard $JOB_COMPLETION_INDEX; sleep 3"]
EOF
sleep 2
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.hostname}{"\t"}{.status.phase}{"\n"}{end}'
sleep 6
kubectl get jobs
kubectl get job shards -o jsonpath='{.status.completedIndexes}{"\n"}'
sleep 20
kubectl get jobs
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.hostname}{"\t"}{.status.phase}{"\n"}{end}'
kubectl get job shards -o yaml
