# page: https://kubernetes.io/docs/tasks/job/pod-failure-policy/
# Using Pod failure policy to avoid unnecessary Pod retries
kubectl create -f https://k8s.io/examples/controllers/job-pod-failure-policy-failjob.yaml
# page: "After around 30 seconds the entire Job should be terminated" (bash:5 is pulled first)
sleep 40
# page: FailureTarget with reason PodFailurePolicy and a message "like Container main for pod
# default/job-pod-failure-policy-failjob-8ckj8 failed with exit code 42 matching FailJob rule at
# index 0"; Failed with the same reason and message once the Job's Pods are terminated
kubectl get jobs -l job-name=job-pod-failure-policy-failjob -o yaml | sed -n '/^  status:/,$p'
kubectl delete jobs/job-pod-failure-policy-failjob

# Using Pod Failure Policy to avoid unnecessary Pod retries per index
kubectl create -f https://k8s.io/examples/controllers/job-backoff-limit-per-index-failindex.yaml
sleep 30
# page: two pods for index 0 (Error, one retry), one for index 1 (Error, FailIndex), index 2 and
# 3 Completed (the page shows this table although its command says -o yaml)
kubectl get pods -l job-name=job-backoff-limit-per-index-failindex
# page: failedIndexes "0,1", failed 3
kubectl get jobs -l job-name=job-backoff-limit-per-index-failindex -o yaml | sed -n '/^  status:/,$p'
kubectl delete jobs/job-backoff-limit-per-index-failindex

# Using Pod failure policy to ignore Pod disruptions. The index's copy of the file has a tab
# before its last line (`status: "True"`), which no YAML parser accepts; the copy here is the
# file as the page shows it (without that line)
kubectl create -f https://k8s.io/examples/controllers/job-pod-failure-policy-ignore.yaml
sleep 10
nodeName=$(kubectl get pods -l job-name=job-pod-failure-policy-ignore -o jsonpath='{.items[0].spec.nodeName}')
# page: "Drain the node to evict the Pod before it completes (within 90s)"
kubectl drain nodes/$nodeName --ignore-daemonsets --grace-period=0
sleep 5
# page: "Inspect the .status.failed to check the counter for the Job is not incremented"
# (the replacement pod comes 10 s after the eviction: active 1, ready 0)
kubectl get jobs -l job-name=job-pod-failure-policy-ignore -o yaml | sed -n '/^  status:/,$p'
kubectl uncordon nodes/$nodeName
# page: "The Job resumes and succeeds."
sleep 200
kubectl get jobs job-pod-failure-policy-ignore
kubectl get jobs job-pod-failure-policy-ignore -o jsonpath='{.status.succeeded}{" succeeded, failed: "}{.status.failed}{"\n"}'
kubectl delete jobs/job-pod-failure-policy-ignore

# Using Pod failure policy to avoid unnecessary Pod retries based on custom Pod Conditions
kubectl create -f https://k8s.io/examples/controllers/job-pod-failure-policy-config-issue.yaml
sleep 42
# page: containerStatuses ... state waiting message `Back-off pulling image
# "non-existing-repo/non-existing-image:example"`, reason ImagePullBackOff ... phase: Pending
# (1.36 appends the pull error to the back-off message)
kubectl get pods -l job-name=job-pod-failure-policy-config-issue -o yaml | grep -E "^    phase:|^    - image:|^          reason:|^          message: 'Back-off"

cat <<EOF > patch.yaml
status:
  conditions:
  - type: ConfigIssue
    status: "True"
    reason: "NonExistingImage"
    lastTransitionTime: "$(date -u +"%Y-%m-%dT%H:%M:%SZ")"
EOF
podName=$(kubectl get pods -l job-name=job-pod-failure-policy-config-issue -o jsonpath='{.items[0].metadata.name}')
# page: "pod/job-pod-failure-policy-config-issue-k6pvp patched"
kubectl patch pod $podName --subresource=status --patch-file=patch.yaml
kubectl delete pods/$podName
sleep 5
# page: a job Failed condition with reason PodFailurePolicy and a message such as "Pod
# default/job-pod-failure-policy-config-issue-k6pvp has condition ConfigIssue matching FailJob
# rule at index 0"
kubectl get jobs -l job-name=job-pod-failure-policy-config-issue -o jsonpath='{range .items[0].status.conditions[*]}{.type}{" "}{.reason}{": "}{.message}{"\n"}{end}'
kubectl delete jobs/job-pod-failure-policy-config-issue
