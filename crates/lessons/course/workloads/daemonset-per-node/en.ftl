title = A DaemonSet: one pod per node
intro =
    A DaemonSet has no replica count: it runs one copy of its pod on every node that may take
    it, the way log collectors, node exporters, CNI agents and kube-proxy run. The cluster has a
    control-plane node and two workers. Apply DaemonSet log-agent and see where its pods land.
    Then add a node with podlife node add worker-3, and finally get log-agent onto the
    control-plane node as well.
goal-new-node = The new node worker-3 gets its own log-agent pod
goal-control-plane = log-agent runs on the control-plane node, thanks to a toleration in its template
goal-one-each = Four nodes, four log-agent pods, all Ready and up to date
hint-1 = Press Apply, then kubectl get pods -o wide: the NODE column. podlife node add worker-3 brings a new machine into the cluster.
hint-2 = kubectl describe node control-plane shows why it is left out: Taints: node-role.kubernetes.io/control-plane:NoSchedule.
hint-3 = Add to the pod template's spec a toleration with key node-role.kubernetes.io/control-plane, operator Exists, effect NoSchedule, and press Apply again.
question-where-pods = You applied log-agent. How many pods will it run, and where?
question-where-pods-workers-only = Two, one on each worker: the control-plane node's taint keeps it off
question-where-pods-every-node = Three, one on each node, the control-plane included
question-where-pods-scheduler-spreads = Some number kube-scheduler picks, spread over the nodes like a Deployment's replicas
question-where-pods-explain =
    Two, one per worker. The DaemonSet controller goes through the nodes and creates one pod for
    each node that should run it, with a required node affinity for that node's name
    (matchFields metadata.name), so the scheduler has only that node to check. It asks the
    same question as the scheduler's filters: the control-plane node carries the taint
    node-role.kubernetes.io/control-plane:NoSchedule and the template does not tolerate it, so
    no pod is created there (DESIRED 2). Daemon pods get some tolerations added automatically
    (not-ready, unreachable, disk-pressure, memory-pressure, pid-pressure, unschedulable), but not
    this one. A node that joins gets its pod as soon as it is Ready; a node that leaves takes
    its pod with it. With the toleration in the template, the control-plane node became
    eligible, and since the template had changed, the RollingUpdate strategy also replaced the
    existing pods one node at a time (maxUnavailable 1).
