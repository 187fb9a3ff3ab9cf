title = When the node stops reporting
intro =
    Pod web runs on worker-1. Cut worker-1 off from the control plane with
    podlife node down worker-1: its kubelet can no longer reach the API server, though its
    containers keep running. Nobody tells the cluster what happened; the node controller in
    kube-controller-manager only notices that the node's heartbeats stopped. Wait about a
    minute and see what the node and the pod say about themselves then.
goal-node-unknown = worker-1's Ready condition becomes Unknown (NotReady in kubectl get nodes)
goal-pod-not-ready = web's Ready condition turns False, with a NodeNotReady warning on the pod
goal-still-running = Meanwhile web's phase is still Running, and kubectl still shows Running and 1/1
hint-1 = Type podlife node down worker-1 in the console.
hint-2 = The node controller waits 50 s without a heartbeat (--node-monitor-grace-period) before it gives up on the node: sleep 60, then kubectl get nodes and kubectl describe pod web.
question-phase-when-lost = worker-1 is NotReady: the control plane no longer hears from it. What is web's phase now?
question-phase-when-lost-running = Still Running
question-phase-when-lost-unknown = Unknown
question-phase-when-lost-failed = Failed
question-phase-when-lost-explain =
    Still Running. The kubelet renews its node's Lease every 10 s; when 50 s passed without a
    renewal, the node controller set the node's conditions to Unknown and marked each of its pods
    Ready=False (event NodeNotReady), so Services stop sending it traffic. That is all it can
    say: the phase and the container statuses are the kubelet's to report, and it is unreachable. So
    the pod keeps its last phase, Running, and its containers still look ready (READY 1/1,
    ContainersReady True). The phase Unknown still exists in the API, but nothing has set it
    since 2015. If the node stays silent, the pod is evicted later, after its 300 s toleration
    of the unreachable taint.
