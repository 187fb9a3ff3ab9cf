# page: https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/
# (the page shows the manifests without commands: applied here)
# page: "the sidecar container in each Pod does not prevent the Job from completing after the
# main container has finished"
kubectl apply -f https://k8s.io/examples/application/job/job-sidecar.yaml
sleep 10
# the main container is done ("1/2 Completed": kubectl counts the running sidecar as ready but
# not as running); the kubelet now stops the sidecar. tail is PID 1 and ignores SIGTERM, so it
# is killed after the 30 s grace period (exit 137), and then the Job completes
kubectl get pods -l job-name=myjob
sleep 35
kubectl get job myjob
kubectl get pods -l job-name=myjob -o jsonpath='{range .items[0].status.initContainerStatuses[*]}{.name}{" "}{.state.terminated.reason}{" "}{.state.terminated.exitCode}{"\n"}{end}'
kubectl delete job myjob
# The legacy-style sidecar, an ordinary second container (no page in the index uses the -legacy
# files; they sit beside the page's examples for comparison): tail -F never ends, so the Job
# never completes (the pod stays 1/2 NotReady)
kubectl apply -f https://k8s.io/examples/application/job/job-sidecar-legacy.yaml
sleep 30
kubectl get job myjob
kubectl get pods -l job-name=myjob
kubectl delete job myjob
