title = A node goes down
intro =
    Deployment web runs two replicas, one on each worker. Take worker-1 off the network with
    podlife node down worker-1 and wait until the Deployment has two ready pods again. On the
    way, look at what the control plane puts on the silent node (kubectl describe node worker-1,
    the Taints line) and at the tolerations every pod carries (kubectl describe pod, the
    Tolerations line). It takes a while: this is the part of Kubernetes that refuses to panic.
goal-tainted = worker-1 is tainted node.kubernetes.io/unreachable:NoExecute
goal-evicted = The pod on worker-1 is evicted (event TaintManagerEviction)
goal-replaced = web has two ready pods again, both on worker-2
hint-1 = Type podlife node down worker-1 in the console, then wait a minute and run kubectl describe node worker-1.
hint-2 = Every pod got a toleration for node.kubernetes.io/unreachable:NoExecute for 300 s from the DefaultTolerationSeconds admission plugin; kubectl describe pod shows it under Tolerations.
hint-3 = Wait for the toleration to run out: sleep 300, then kubectl get pods -o wide.
question-when-replaced = worker-1 is NotReady and carries the taint node.kubernetes.io/unreachable:NoExecute. When will the Deployment replace the pod that ran there?
question-when-replaced-right-away = Within seconds: a NoExecute taint evicts the pods on the node
question-when-replaced-after-toleration = About five minutes later, when the pod's toleration of the taint runs out
question-when-replaced-when-node-returns = Not while worker-1 is down: only when it comes back or someone deletes the pod
question-when-replaced-explain =
    About five minutes later. 50 s after the last heartbeat the node controller marked worker-1
    NotReady and tainted it node.kubernetes.io/unreachable: NoSchedule at once, so no new pod
    lands there, and NoExecute a few seconds later. A NoExecute taint evicts every pod that does
    not tolerate it, but the DefaultTolerationSeconds admission plugin gives every pod a
    toleration for it, for 300 s: a node that is only briefly unreachable should not lose its
    pods. When the 300 s ran out, the taint eviction controller deleted the pod (event
    TaintManagerEviction); the ReplicaSet no longer counted it and created a replacement, which
    the scheduler put on worker-2. The old pod stays Terminating, since its kubelet cannot confirm
    that it stopped. A pod template can set a shorter tolerationSeconds to fail over sooner.
