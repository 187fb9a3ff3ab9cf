title = spec.nodeName: around the scheduler
intro =
    kube-scheduler is stopped, and it stays stopped for this lesson. Get pod web running anyway,
    on the control-plane node. The scheduler's whole job is to write one field, spec.nodeName;
    a kubelet starts every pod whose spec.nodeName names its node, whoever wrote it. Edit
    web.yaml, apply it, and look at the pod's events afterwards.
goal-pinned = pod web is stored with spec.nodeName control-plane
goal-running-unscheduled = pod web runs on control-plane without kube-scheduler ever taking it
hint-1 = The field goes in the pod's spec, beside containers.
hint-2 = Add nodeName: control-plane under spec in web.yaml, then press Apply.
hint-3 = Wait a few seconds (sleep 8), then kubectl describe pod web: which events are there, and which one is missing?
question-noschedule-taint =
    control-plane carries the taint node-role.kubernetes.io/control-plane:NoSchedule, and pod
    web has no toleration for it. What will control-plane's kubelet do with the pod?
question-noschedule-taint-runs-it = Run it: the sandbox, the image pull, the container
question-noschedule-taint-rejects-it = Reject it because of the taint: the pod ends Failed
question-noschedule-taint-waits-for-scheduler = Wait until kube-scheduler is back to approve it
question-noschedule-taint-explain =
    A NoSchedule taint is a rule for the scheduler, and this pod never met it: the scheduler only
    queues pods with no spec.nodeName. The kubelet admits a pod with its own, shorter list of
    checks, and among taints it only looks at NoExecute ones (they evict running pods too), so
    it creates the sandbox and starts nginx. Look at the events: Pulling, Pulled, Created and
    Started from the kubelet, and no Scheduled from default-scheduler. Upstream, the kubelet's
    admission does still check that the pod's requests fit the node's allocatable CPU and memory
    (a pod that does not fit ends Failed with reason OutOfcpu or OutOfmemory), its nodeSelector
    and node affinity, and its host ports. Setting spec.nodeName by hand skips filtering,
    scoring and preemption: DaemonSets used to do it and now use node affinity instead, so that
    the scheduler keeps doing this work.
