# Built-in scenarios (crates/lessons): the picker, and a title and a two-line introduction
# for each scenario id. Line 1: what the learner will see. Line 2: what to press or try.

scenario-picker-label = Scenario

scenario-nginx-title = Your first pod: nginx
scenario-nginx-intro =
    Follow one nginx pod from kubectl through kube-apiserver, etcd, the scheduler and the kubelet to Running.
    Press Apply, then try `kubectl delete pod nginx` and watch it shut down gracefully.

scenario-insufficient-memory-title = Pending: not enough memory
scenario-insufficient-memory-intro =
    The pod asks for 6Gi of memory, more than any worker has, so the scheduler leaves it Pending and says why.
    Press Apply and read the FailedScheduling event; then press Delete, lower the request to 1Gi and apply again (a pod's requests cannot be changed by apply).

scenario-untolerated-taint-title = Pending: a taint the pod does not tolerate
scenario-untolerated-taint-intro =
    Both workers are tainted for batch jobs: the report pod tolerates the taint and runs, the web pod stays Pending.
    Press Apply, then remove the taint from worker-2 with the suggested command and watch web get scheduled.

scenario-image-pull-backoff-title = ImagePullBackOff: an image tag that does not exist
scenario-image-pull-backoff-intro =
    There is no nginx:1.99, so the pull fails (ErrImagePull) and the kubelet retries after ever longer pauses (ImagePullBackOff).
    Press Apply, watch the retries in the events, then fix the tag to 1.27 and apply again.

scenario-crash-loop-backoff-title = CrashLoopBackOff: a container that keeps exiting
scenario-crash-loop-backoff-intro =
    The app exits with status 1 because DATABASE_URL is missing; the kubelet restarts it, waiting 10 s, 20 s, 40 s… in between.
    Press Apply and watch RESTARTS climb. Right after a crash STATUS reads Error and the dead container is still the current one: `kubectl logs api` shows why it died.
    Once STATUS reads CrashLoopBackOff, that container has moved to Last State: read it with `kubectl logs api --previous` (the kubelet keeps only the newest dead container, so during Error the flag finds nothing).

scenario-oom-killed-title = OOMKilled: over the memory limit
scenario-oom-killed-intro =
    stress allocates 250M inside a 100Mi limit, so the kernel's OOM killer ends it (exit code 137) and the kubelet restarts it.
    Press Apply, then look for Reason: OOMKilled under Last State in `kubectl describe pod memory-hog`.

scenario-init-container-wait-title = An init container waits for the database
scenario-init-container-wait-intro =
    myapp stays at Init:0/1 until postgres behind postgres-svc is ready; only then does its app container start.
    Press Apply and watch both pods, then read the init container's log of its attempts.

scenario-native-sidecar-title = Native sidecar containers
scenario-native-sidecar-intro =
    The sidecar declared in initContainers with restartPolicy: Always starts first and is stopped after the job, so the pod completes; as a regular container it keeps the pod NotReady.
    Press Apply, compare the two pods, then read the sidecar's log to see it flush on SIGTERM.

scenario-readiness-vs-liveness-title = Readiness vs liveness probes
scenario-readiness-vs-liveness-intro =
    When /ready fails, the pod only turns 0/1 (out of service, not restarted); when /healthz fails, the kubelet kills and restarts the container.
    Press Apply, watch READY and RESTARTS of both pods, then list the Unhealthy events.

scenario-pid1-termination-title = Graceful shutdown: who is PID 1?
scenario-pid1-termination-intro =
    In exec form the app is PID 1, receives SIGTERM and exits within a second; in shell form sh is PID 1, drops the signal, and the app is SIGKILLed after the 30 s grace period.
    Press Apply, then delete exec-form and shell-form one after the other and compare how long each takes.

scenario-endpoint-race-title = preStop and the endpoint race
scenario-endpoint-race-intro =
    Deleting a pod starts two things at once: the kubelet stops the container, and the endpoint's removal travels through the EndpointSlice controller to kube-proxy on every node (about 1–5 s). Requests that arrive in between fail.
    Press Apply, start traffic to both Services, delete web-safe-2 and web-2, and compare the two summaries: the 5-second preStop sleep keeps nginx serving until every node has caught up.

scenario-rolling-update-title = A rolling update behind a Service
scenario-rolling-update-intro =
    A new image makes the Deployment create a new ReplicaSet and trade pods with the old one: at most one pod above four, at most one below (maxSurge and maxUnavailable, 25 % each).
    Press Apply, start the traffic, set the new image and follow the rollout; then uncomment the preStop hook, Apply, and roll out again: no request fails.

scenario-job-backoff-title = A Job that keeps failing: back-off and backoffLimit
scenario-job-backoff-intro =
    The migrate pod exits with status 1; the job controller creates a new pod after 10 s, then 20 s, and after the third failure marks the Job FailureTarget, then Failed (BackoffLimitExceeded).
    Press Apply and follow the job controller's decisions; then change `exit 1` to `exit 0`, press Delete and Apply again.

scenario-statefulset-order-title = A StatefulSet: one ordinal at a time
scenario-statefulset-order-intro =
    Three pods named db-0, db-1 and db-2: under OrderedReady the controller creates each one only after the one before is Running and Ready, and each keeps its name and DNS name.
    Press Apply and watch the statefulset-controller's lane; then scale down with the suggested command (highest ordinal first), or switch to Parallel, Delete and Apply again.

scenario-thousand-pods-title = A thousand pods on twenty nodes
scenario-thousand-pods-intro =
    A Deployment of 1,000 small replicas on a cluster of twenty nodes (the setup added seventeen workers). The ReplicaSet creates the pods in growing batches, at most 500 per sync; the scheduler spreads them over the nineteen workers, and each kubelet starts its share.
    Press Apply: the whole run is computed in the background while its progress shows, the page stays usable, and Cancel stops it. Then scrub the timeline, or ask `kubectl get pods -o wide` where the pods landed.
scenario-zone-spread-title = 600 pods over three zones of 250 nodes
scenario-zone-spread-intro =
    The setup grows the cluster to 250 nodes in three zones; the two workers it started with have no zone label, so the spread constraint keeps the pods off them. The Deployment's 600 replicas must stay even across the zones (maxSkew 1).
    Press Apply, then step to a scheduling cycle: with 250 nodes kube-scheduler stops filtering once 120 nodes fit (percentageOfNodesToScore's default, 48 % of the nodes), and the next cycle goes on from there. When the spread leaves a single zone open, fewer than 120 fit and the cycle looks at every node. The trace keeps one pod in ten in full at this size.
