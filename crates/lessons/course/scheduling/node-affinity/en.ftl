title = Node affinity: waiting for the right label
intro =
    Pod db requires a node labelled disktype=ssd (requiredDuringSchedulingIgnoredDuringExecution),
    and no node has that label. Press Apply and read why it stays Pending. Then label a worker
    yourself and watch kube-scheduler try again and bind the pod there. Finally take the label away
    and see what the IgnoredDuringExecution half of the name means.
goal-waiting = kube-scheduler finds no node matching db's node affinity
goal-scheduled = db runs on a worker labelled disktype=ssd
goal-label-removed = after db started, no node carries the disktype label any more
hint-1 = kubectl describe pod db shows the FailedScheduling event; kubectl get nodes --show-labels shows each node's labels.
hint-2 = Label one worker: kubectl label nodes worker-1 disktype=ssd.
hint-3 = A trailing minus removes a label: kubectl label nodes worker-1 disktype-
question-label-gone = db runs on the labelled worker. What happens to it when you remove the disktype label from that node?
question-label-gone-keeps-running = Nothing: it keeps running on that node
question-label-gone-evicted = It is stopped and deleted, because its node no longer matches
question-label-gone-explain =
    Required node affinity is checked only when the pod is scheduled: that is the
    IgnoredDuringExecution in its name. Labelling the node was a node update that sent db back to
    the scheduler's active queue, and the NodeAffinity filter let the labelled node through. Once
    the pod is bound, nothing re-checks the rule: removing the label changes no running pod. Only a
    NoExecute taint, an eviction or a deletion moves a pod off its node.
