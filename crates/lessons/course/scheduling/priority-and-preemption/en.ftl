title = Priority and preemption
intro =
    Both workers are nearly full: pod batch (no priority class, priority 0) holds 1.5 CPU on
    worker-1, and pod important (class medium, value 500) holds 1.5 CPU on worker-2. Pod vip in the
    editor needs a whole CPU. Give it priorityClassName: high (value 1000) and press Apply, then
    watch kube-scheduler make room: it picks a victim, the victim gets its graceful termination,
    and vip waits for the node it was nominated to.
goal-preempted = kube-scheduler preempts pod batch
goal-nominated = vip waits, unbound, with worker-1 as its nominated node
goal-vip-running = vip runs with priority 1000, and pod important keeps running
hint-1 = kubectl get priorityclasses lists the classes; kubectl get pods -o wide shows the workers' pods.
hint-2 = Add priorityClassName: high under the pod's spec. A pod's priority is fixed when it is created: if vip already exists without it, delete vip first.
hint-3 = After Apply, kubectl get pods -o wide shows the NOMINATED NODE column; the victim needs up to its 30-second grace period to go (sleep 35).
question-which-victim = vip (priority 1000) fits on neither worker. Which pod does kube-scheduler preempt?
question-which-victim-batch = batch, on worker-1 (priority 0)
question-which-victim-important = important, on worker-2 (priority 500), the pod that started last
question-which-victim-nobody = None: vip waits until a worker has room
question-which-victim-explain =
    When no node fits, the DefaultPreemption plugin (PostFilter) looks for nodes where evicting
    lower-priority pods would make room. Both workers qualify, since 0 and 500 are below 1000. It
    then prefers the node whose most important victim has the lowest priority: worker-1, where the
    victim is batch with priority 0. The start time of the victims only breaks ties that remain
    after that. batch received the DisruptionTarget condition and a graceful delete: its sleep
    ignores SIGTERM, so the kubelet killed it when the 30-second grace period ran out. Meanwhile
    vip stayed Pending with status.nominatedNodeName worker-1 and was bound as soon as the CPU was
    free.
