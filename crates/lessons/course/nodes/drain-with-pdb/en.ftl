title = Draining a node under a disruption budget
intro =
    Deployment web runs three replicas, two of them on worker-1, and a PodDisruptionBudget
    (the editor's tab) promises that at least 3 web pods stay available. Drain worker-1 for
    maintenance: kubectl drain cordons the node, then asks the eviction API for each pod, and
    the API server refuses any eviction that would break a budget. Find out what that looks
    like, then change the budget so the drain can finish without ever leaving fewer than two
    web pods ready.
goal-refused = An eviction of a web pod is refused (429 Too Many Requests)
goal-drained = worker-1 is cordoned and empty of web pods, and three web pods are ready elsewhere
goal-budget-kept = Throughout the drain, at least two web pods stayed ready
hint-1 = Try kubectl drain worker-1 --ignore-daemonsets --timeout=20s (without a timeout, drain keeps retrying for as long as it is refused), and look at kubectl get pdb web: ALLOWED DISRUPTIONS.
hint-2 = With minAvailable equal to the number of replicas, no voluntary disruption is ever allowed. Lower minAvailable in the tab and press Apply.
hint-3 = Then drain again with a longer timeout: the drain evicts one pod, waits for its replacement to become ready on worker-2, and only then can it evict the next.
question-after-refusal = The eviction of a web pod was refused with 429. What does kubectl drain do now?
question-after-refusal-retries = It tries the eviction again every 5 s, until it is allowed or the timeout runs out
question-after-refusal-deletes = It falls back to deleting the pod directly
question-after-refusal-skips = It skips that pod and reports the node drained
question-after-refusal-explain =
    It retries. An eviction is a request to the API server (POST …/pods/NAME/eviction), which
    checks every PodDisruptionBudget selecting the pod; when the budget's disruptionsAllowed is 0
    it answers 429 Too Many Requests and the pod is not touched. kubectl drain waits 5 s and asks
    again, until the eviction succeeds or --timeout expires; it never deletes behind the budget's
    back (only --disable-eviction would). With minAvailable 2 one disruption was allowed: the
    first pod was evicted, the ReplicaSet created a replacement on worker-2, and once it was
    ready the disruption controller allowed the next eviction. Budgets only guard voluntary
    disruptions like this; a node that fails takes its pods with it whatever the budget says.
