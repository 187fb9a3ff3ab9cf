title = Taints repel, tolerations let in
intro =
    Both workers carry the taint dedicated=batch:NoSchedule, and the control-plane node has its
    own. Press Apply: pod web stays Pending because it tolerates none of them. Add a toleration for
    dedicated=batch:NoSchedule and apply again (tolerations are one of the few pod fields you may
    add to a live pod). Once web runs, put a maintenance=true:NoExecute taint on its node and watch
    what a NoExecute taint does that NoSchedule does not.
goal-repelled = pod web is rejected by every node's taint
goal-tolerated = pod web runs on a worker thanks to a toleration for dedicated
goal-evicted = a NoExecute taint evicts pod web from its node
hint-1 = kubectl describe node worker-1 shows its Taints. A toleration names the same key, value and effect, under spec.tolerations.
hint-2 = Add to the pod's spec a toleration with key dedicated, operator Equal, value batch, effect NoSchedule, and press Apply.
hint-3 = kubectl get pod web -o wide shows its node; taint that node with kubectl taint nodes NODE maintenance=true:NoExecute.
question-no-execute = web tolerates dedicated=batch:NoSchedule only. Its node now also has maintenance=true:NoExecute. What happens to web?
question-no-execute-evicted-now = It is evicted right away: it does not tolerate the new taint
question-no-execute-keeps-running = It keeps running: taints only matter when a pod is scheduled
question-no-execute-evicted-later = It keeps running for the 300 seconds of its default tolerations, then it is evicted
question-no-execute-explain =
    NoSchedule only keeps new pods away; NoExecute also applies to pods already running. The taint
    eviction controller in kube-controller-manager saw the new taint, found that web has no matching
    toleration and deleted it at once (event TaintManagerEviction), and the kubelet stopped it
    gracefully. A toleration with tolerationSeconds would have let it stay for that long; the
    default 300-second tolerations cover only the not-ready and unreachable taints.
