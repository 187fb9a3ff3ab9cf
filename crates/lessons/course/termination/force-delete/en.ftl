title = Force delete
intro =
    Pod stubborn ignores SIGTERM, so an ordinary delete would keep it Terminating for 30 s, and
    someone is in a hurry. Find its node (kubectl get pod stubborn -o wide), then force-delete it:
    kubectl delete pod stubborn --grace-period=0 --force. Read kubectl's warning, check kubectl get pods,
    and look on the node itself with podlife node NODE -- crictl ps, right away and a few seconds later.
goal-gone-from-api = pod stubborn is removed from the API before its container has received any signal
goal-still-killed = the kubelet still stops the container on the node after the pod is gone (SIGKILL)
hint-1 = kubectl get pod stubborn -o wide shows the node in the NODE column.
hint-2 = Force-delete it: kubectl delete pod stubborn --grace-period=0 --force, then kubectl get pods.
hint-3 = Right after, podlife node worker-2 -- crictl ps still lists the container; sleep 3 and list again with crictl ps -a.
question-container-fate = kubectl printed force deleted, and the pod is gone from etcd. What about its container on the node?
question-container-fate-already-stopped = It was stopped before the object was removed: that is what --force does
question-container-fate-stopped-after = It is still running for now; the kubelet notices the pod is gone and stops it
question-container-fate-left-running = It keeps running: nothing stops a container whose pod no longer exists
question-container-fate-explain =
    A force delete is a promise kube-apiserver makes without asking the node: the object is removed at
    once instead of waiting for the kubelet to report that the containers have stopped, which is what
    kubectl's warning says. The node gets no special order. The kubelet saw the pod vanish from its
    watch and stopped what was still running with only a very short grace period: SIGTERM, ignored
    here, and SIGKILL 2 s later. If that node is unreachable, which is the usual reason a pod hangs in
    Terminating, nothing stops the container until the kubelet is back, while a controller may already
    have started a replacement; for a StatefulSet pod that means two copies with the same identity.
    Force-delete only when you know the node or its containers are really gone.
