title = Pending, with nobody to schedule it
intro =
    Every component watches the API server and acts on what it sees; none calls another. Find out
    what that means when one of them is missing: stop kube-scheduler (podlife stop kube-scheduler),
    apply the pod, and look at it with kubectl get pods -o wide and kubectl describe pod web. Then
    start the scheduler again and watch what happens to the pod that waited.
goal-pending-unbound = while kube-scheduler is stopped, pod web is Pending with no node
goal-bound-after-start = once started again, kube-scheduler binds pod web
goal-running = pod web reaches phase Running
hint-1 = Stop the scheduler first, in the console: podlife stop kube-scheduler. Then press Apply.
hint-2 = Give it time (sleep 20), then compare the NODE column of kubectl get pods -o wide with the Events of kubectl describe pod web.
hint-3 = Start it again with podlife start kube-scheduler, then sleep a few seconds.
question-while-stopped = kube-scheduler is stopped and pod web is stored in etcd. What will you see after waiting?
question-while-stopped-pending-no-node = Pending, NODE <none>, no PodScheduled condition and no events
question-while-stopped-unschedulable = Pending, with PodScheduled False (Unschedulable) and a FailedScheduling event
question-while-stopped-kubelet-takes-it = A kubelet notices the pod and starts it on its own node
question-while-stopped-explain =
    Nobody has looked at the pod yet. A pod created without a node gets one from a scheduler,
    which binds it through the pod's binding subresource: that sets spec.nodeName and the
    PodScheduled condition to True. When no node fits, the scheduler sets PodScheduled to False
    with reason Unschedulable and writes a FailedScheduling event. A stopped scheduler does
    neither, so the pod has phase Pending, no node, no conditions and no events. No kubelet picks
    it up either: each kubelet only watches pods whose spec.nodeName is its own node. When
    kube-scheduler starts, its informers list every pod, the unassigned web enters the scheduling
    queue and is bound in moments. So: Pending with NODE <none> and no events means no scheduler
    is working on the pod (stopped, or spec.schedulerName names one that does not run); with a
    FailedScheduling event, the scheduler tried and no node fit.
