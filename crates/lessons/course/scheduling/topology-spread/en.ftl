title = Topology spread: balance zones, not nodes
intro =
    This cluster has three nodes in zone-a and one in zone-b, and Deployment web already runs four
    replicas, one per node: three in zone-a. If zone-a fails, three quarters of web go with it. Add
    a topologySpreadConstraints entry to the pod template that keeps the number of web pods per
    zone (topology.kubernetes.io/zone) within maxSkew 1, with whenUnsatisfiable DoNotSchedule, and
    press Apply. The rollout replaces every pod, and each new one passes through the constraint.
goal-constrained = the pod template spreads by topology.kubernetes.io/zone with maxSkew 1
goal-balanced = after the rollout, two of the four ready replicas run on b1, zone-b's only node
hint-1 = kubectl get nodes --show-labels shows each node's zone; kubectl get pods -o wide shows where the replicas are.
hint-2 = Under spec.template.spec add topologySpreadConstraints: a list whose entry has maxSkew, topologyKey, whenUnsatisfiable and a labelSelector matching app=web.
hint-3 = Add matchLabelKeys with pod-template-hash to the entry, so that only the new ReplicaSet's pods are counted during the rollout.
question-how-many-on-b1 = Zone-a has three nodes, zone-b only b1. When the rollout is done, how many of the four replicas run on b1?
question-how-many-on-b1-one = One: every node gets one replica
question-how-many-on-b1-two = Two: the zones get two each, however many nodes they have
question-how-many-on-b1-none = None: zone-a has room for all four
question-how-many-on-b1-explain =
    The skew is counted per domain of the topologyKey: all pods in zone-a against all pods in
    zone-b. With four pods and maxSkew 1 the only allowed split is two and two, so b1 alone holds
    zone-b's half. PodTopologySpread's filter rejected a zone-a node whenever placing a pod there
    would make zone-a more than one pod ahead of zone-b. Without the constraint the scheduler only
    scored the nodes (its default spreading is soft: ScheduleAnyway), which spread the pods per node.
    The constraint only acts at scheduling time: running pods are never moved, which is why the
    rollout had to replace them. matchLabelKeys with pod-template-hash keeps the old ReplicaSet's
    pods out of the count while both exist.
