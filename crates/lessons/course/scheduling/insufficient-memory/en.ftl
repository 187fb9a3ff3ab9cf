title = More memory than any node has
intro =
    The editor holds a redis Pod that requests 6Gi of memory, while each worker offers 4Gi of
    allocatable memory. Press Apply and find out why the pod stays Pending: kube-scheduler
    compares the pod's requests with what each node has left, and writes its verdict into a
    FailedScheduling event. Then make the request fit and get the pod running.
goal-rejected = kube-scheduler reports Insufficient memory for pod cache
goal-running = pod cache, with a smaller memory request, reaches phase Running
hint-1 = Read the Events of kubectl describe pod cache, and compare the request with Allocatable in kubectl describe node worker-1.
hint-2 = A pod's resource requests cannot be changed by applying it again: delete the pod first (kubectl delete pod cache).
hint-3 = Change both memory values to 1Gi, then press Apply again.
question-too-big = Each worker has 4Gi of allocatable memory. What happens to a pod that requests 6Gi?
question-too-big-stays-pending = No node passes the filter: the pod stays Pending with a FailedScheduling event
question-too-big-bound-then-oom = It is bound to a worker and OOM-killed once redis grows past 4Gi
question-too-big-preempts = The scheduler evicts other pods to make room
question-too-big-explain =
    The scheduler never looks at what a node is actually using: NodeResourcesFit adds the pod's
    requests to the requests of the pods already on the node and compares the sum with the node's
    allocatable memory. 6Gi cannot fit in 4Gi on either worker, and the control-plane node is
    excluded by its taint, hence "0/3 nodes are available". Preemption cannot help either: even an
    empty worker is too small, so the pod waits until a bigger node joins or the request shrinks.
