title = Pending, with a node
intro =
    A pod can be Pending for two very different reasons, and the NODE column tells them apart.
    The kubelet on worker-1 has been stopped, as if its service had crashed; the node itself,
    containerd and the pods already there keep running. Apply web.yaml, which asks for worker-1,
    and compare what you see with the previous lessons: kubectl get pods -o wide, kubectl
    describe pod web, and the sandboxes on the node (podlife node worker-1 -- crictl pods). Then
    bring the pod to Running.
goal-bound-not-started = pod web is bound to worker-1 but still Pending, untouched by any kubelet
goal-kubelet-back = the kubelet on worker-1 runs again
goal-running = pod web reaches phase Running on worker-1
hint-1 = Press Apply, wait a little (sleep 15) and look at the NODE column and at the pod's events.
hint-2 = The Scheduled event is the last one: the scheduler did its part. Which component starts containers on worker-1?
hint-3 = Start it again: podlife start kubelet --node worker-1, then sleep a few seconds.
question-kubelet-down =
    Pod web is stored. The kubelet on worker-1 is stopped, but kubectl get nodes still shows
    worker-1 Ready. What will kubectl get pods -o wide show for web some seconds later?
question-kubelet-down-pending-on-worker-1 = Pending, NODE worker-1
question-kubelet-down-pending-no-node = Pending, NODE <none>: the scheduler will not bind to a node whose kubelet is down
question-kubelet-down-container-creating = ContainerCreating on worker-1
question-kubelet-down-explain =
    The scheduler knows the nodes only through the API server, and worker-1's Node object still
    says Ready: the node controller waits 50 s without a heartbeat (node-monitor-grace-period)
    before it marks a node NotReady. So web is bound to worker-1, the Scheduled event is written,
    and then nothing: only worker-1's kubelet starts containers there. The pod stays Pending with
    NODE worker-1, no IP and no container statuses, and crictl pods shows no sandbox for it.
    ContainerCreating would already mean a working kubelet, one that has created the sandbox
    and is waiting for the image or the container. So: Pending with NODE <none> is for the
    scheduler side, Pending with a node is for the node side (kubelet, containerd, CNI). When
    the kubelet starts, it lists the pods bound to its node and starts web at once.
