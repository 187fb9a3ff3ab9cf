# page: https://kubernetes.io/docs/concepts/workloads/controllers/job/
# Running an example Job. The index's copy of controllers/job.yaml runs `perl` (latest) with
# bpi(1000); the page's output shows perl:5.34.0 and bpi(2000) (another version of the file)
kubectl apply -f https://k8s.io/examples/controllers/job.yaml
# page: "It takes around 10s to complete" (plus the perl image pull here)
sleep 30
# page: describe job pi: Parallelism 1, Completions 1, Start Time / Completed At / Duration,
# "Pods Statuses: 0 Running / 1 Succeeded / 0 Failed" (1.36 kubectl: "0 Active (0 Ready) / 1
# Succeeded / 0 Failed"), Events SuccessfulCreate "Created pod: pi-…" then Completed "Job
# completed". The page's `batch.kubernetes.io/job-tracking` annotation is gone since 1.31
kubectl describe job pi
# page: get job pi -o yaml: backoffLimit 4, completionMode NonIndexed, completions 1,
# parallelism 1, selector batch.kubernetes.io/controller-uid, suspend false, template labels
# batch.kubernetes.io/controller-uid and batch.kubernetes.io/job-name (plus the legacy
# controller-uid and job-name labels, which 1.36 still adds)
kubectl get job pi -o yaml
# page: "To view completed Pods of a Job, use kubectl get pods"
kubectl get pods
# page: the pod names with the Job's selector: "pi-5rwd7"
pods=$(kubectl get pods --selector=batch.kubernetes.io/job-name=pi --output=jsonpath='{.items[*].metadata.name}')
echo $pods
# page: the logs are π: "3.14159265358979323846264338327950288419716939937510582097494459…"
# (here 1000 significant digits, the page's first 1000 rounded)
kubectl logs $pods
kubectl logs jobs/pi
kubectl delete job pi

# Success policy
kubectl apply -f https://k8s.io/examples/controllers/job-success-policy.yaml
sleep 30
# page: "the job controller will mark the Job as succeeded and terminate the lingering Pods when
# either of the specified indexes, 0, 2, or 3, succeed. The Job that meets the success policy gets
# the SuccessCriteriaMet condition with a SuccessPolicy reason. After the removal of the lingering
# Pods is issued, the Job gets the Complete condition."
# Here: index 2 succeeds after three failures (upstream message "Matched rules at index 0"),
# the six pods still running are deleted. Note that nine of the ten pods exit 1 and the default
# backoffLimit is 6: had seven failures reached the job controller before index 2's success,
# the Job would fail with BackoffLimitExceeded (upstream's syncJob checks the backoff limit
# first, the page's own note) — podlife does so with other timings (e.g. with the python image
# already on the nodes), as a real cluster may.
kubectl get job job-success -o jsonpath='{range .status.conditions[*]}{.type}{" "}{.reason}{": "}{.message}{"\n"}{end}'
kubectl get job job-success -o yaml | sed -n '/^status:/,$p'
kubectl get pods --sort-by=.status.startTime
kubectl delete job job-success


# Backoff limit per index
kubectl apply -f https://k8s.io/examples/controllers/job-backoff-limit-per-index-example.yaml
sleep 120
# page: "Once the job is finished, the Job status looks as follows": completedIndexes 1,3,5,7,9,
# failedIndexes 0,2,4,6,8, succeeded 5, failed 10, conditions FailureTarget and Failed, both
# reason FailedIndexes, message "Job has failed indexes"
kubectl get -o yaml job job-backoff-limit-per-index-example | sed -n '/^status:/,$p'
kubectl delete job job-backoff-limit-per-index-example

# Pod failure policy
kubectl apply -f https://k8s.io/examples/controllers/job-pod-failure-policy-example.yaml
sleep 30
# page: "the Job should be marked failed if the main container fails with the 42 exit code";
# the FailJob rule adds FailureTarget, then Failed once the pods are terminated (reason
# PodFailurePolicy, upstream's message names the container, pod, exit code and rule index)
kubectl get job job-pod-failure-policy-example -o jsonpath='{range .status.conditions[*]}{.type}{" "}{.reason}{": "}{.message}{"\n"}{end}'
kubectl get job job-pod-failure-policy-example -o jsonpath='{.status.failed}{" failed\n"}'
kubectl delete job job-pod-failure-policy-example

