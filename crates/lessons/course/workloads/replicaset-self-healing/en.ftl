title = A ReplicaSet heals itself
intro =
    A ReplicaSet has one job: keep the number of pods matching its selector equal to
    spec.replicas. The editor holds ReplicaSet web with three nginx replicas. Press Apply, wait
    until the three pods are Running, then delete one of them with kubectl delete pod and look
    at the pods and at the ReplicaSet's events right after.
goal-running = Three web pods are Ready
goal-replaced = After you delete a web pod, the ReplicaSet creates a replacement and three are Ready again
hint-1 = Press Apply, then kubectl get pods to see the three pod names (web- and five random characters).
hint-2 = Delete one of them without waiting for it to finish, e.g. kubectl delete pod NAME --wait=false, then kubectl get pods and kubectl get events --field-selector involvedObject.kind=ReplicaSet.
question-after-delete = You deleted one of the three pods. What does the ReplicaSet do?
question-after-delete-replaced-at-once = It creates a replacement at once, while the deleted pod is still terminating
question-after-delete-after-gone = It waits until the deleted pod is completely gone, then creates a replacement
question-after-delete-stays-two = Nothing: two pods remain until you apply the ReplicaSet again
question-after-delete-explain =
    It creates the replacement at once. Your delete set the pod's deletionTimestamp, and the
    replicaset-controller, which watches pods, synced within milliseconds. A pod that is being
    deleted no longer counts as one of the ReplicaSet's replicas, so it found two where three
    were wanted and created a new pod (event SuccessfulCreate, "Created pod: …") before the kubelet
    had even finished stopping the old one: for a moment there were four web pods, one of them
    Terminating (nginx stops within a fraction of a second, so it is easy to miss). Nobody
    re-applied anything: a controller compares the desired state with what it
    observes, over and over, and acts on the difference.
