# page: https://kubernetes.io/docs/tasks/job/indexed-parallel-processing-static/
# (the describe snapshot of the page, "2 Running / 3 Succeeded" and "Completed Indexes: 0-2",
# depends on timing, so the script waits for the end and checks what it must be then)
# This uses the first approach (relying on $JOB_COMPLETION_INDEX)
kubectl apply -f https://kubernetes.io/examples/application/job/indexed-job.yaml
sleep 40
# page: ".spec.completions determines how many Pods the Job creates in total": five indexes
kubectl get job indexed-job -o jsonpath='{.status.completedIndexes} {.status.succeeded}{"\n"}'
# page: "kubectl logs indexed-job-fdhq5": "xuq" (index 3: qux reversed); each index reverses its
# own item of (foo bar baz qux xyz)
for i in 0 1 2 3 4; do kubectl logs $(kubectl get pods -l batch.kubernetes.io/job-completion-index=$i -o jsonpath='{.items[0].metadata.name}'); done
kubectl delete job indexed-job
# page: "Alternatively, you can directly use the downward API to pass the annotation value as a
# volume file": each worker reverses its own index (a one-digit string)
kubectl apply -f https://kubernetes.io/examples/application/job/indexed-job-vol.yaml
sleep 40
kubectl get job indexed-job -o jsonpath='{.status.completedIndexes} {.status.succeeded}{"\n"}'
for i in 0 1 2 3 4; do kubectl logs $(kubectl get pods -l batch.kubernetes.io/job-completion-index=$i -o jsonpath='{.items[0].metadata.name}'); done
