title = A ReplicaSet adopts pods by their labels
intro =
    A ReplicaSet does not remember which pods it created: it counts every pod its selector
    matches. Pod stray already runs with the label app=web, started by hand with kubectl run.
    Apply ReplicaSet web (three replicas, selector app=web) and count what it creates; look at
    stray's ownerReferences. Then start one more bare pod with the same label, kubectl run extra
    --image=nginx:1.27 --labels=app=web, and see what the ReplicaSet makes of it.
goal-adopted = Pod stray is owned by ReplicaSet web (ownerReferences)
goal-two-created = ReplicaSet web has three ready pods, but created only two of them
goal-surplus-deleted = The ReplicaSet deleted the surplus pod extra and three web pods remain
hint-1 = kubectl get pods --show-labels shows stray and its label. Press Apply on web.yaml, then kubectl get pods and kubectl get events --field-selector involvedObject.kind=ReplicaSet.
hint-2 = kubectl get pod stray -o jsonpath='{"{"}.metadata.ownerReferences{"}"}' shows who owns stray now.
hint-3 = Run kubectl run extra --image=nginx:1.27 --labels=app=web, wait a few seconds, and list the pods and the ReplicaSet's events again.
question-how-many-created = ReplicaSet web wants three replicas and stray already carries app=web. How many pods will the ReplicaSet create?
question-how-many-created-two = Two: it adopts stray and counts it as one of its three
question-how-many-created-three = Three: it only counts the pods it created itself
question-how-many-created-explain =
    Two. Before counting, the replicaset-controller claims pods: every pod in the namespace
    that matches the selector and has no controller yet is adopted with a PATCH that adds an
    ownerReference (kind ReplicaSet, name web, controller: true). Stray became one of web's
    three replicas, so only two pods were created (two SuccessfulCreate events). The same claim
    is how a Deployment or ReplicaSet recreated after a kubectl delete --cascade=orphan takes
    its old pods back. A pod that already has another controller is never taken over.
question-which-deleted = Pod extra also matches app=web, so the ReplicaSet now sees four pods for three replicas. Which pod goes?
question-which-deleted-extra = extra itself, the newest one that is not ready yet
question-which-deleted-stray = stray, since the ReplicaSet did not create it
question-which-deleted-oldest-created = One of the two pods the ReplicaSet created
question-which-deleted-keeps-four = None: a ReplicaSet only adds missing pods, it never deletes any
question-which-deleted-explain =
    extra. The ReplicaSet adopted extra like stray (an ownerReference PATCH) and then had one
    pod too many, so it deleted one (event SuccessfulDelete, "Deleted pod: extra"). To choose,
    it ranks its pods and deletes the cheapest to lose first: a pod not yet on a node before
    one that is, Pending before Running, not ready before ready, a lower
    controller.kubernetes.io/pod-deletion-cost first, pods sharing a node with more siblings
    first, then the pods that have been ready for the shortest time, with the most restarts, and
    the newest. Who created a pod never enters into it. extra, just created and not ready, lost on every count; the pods serving
    traffic stayed.
