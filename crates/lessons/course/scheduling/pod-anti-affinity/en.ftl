title = Pod anti-affinity: one replica per node
intro =
    Deployment web asks for three replicas and forbids two of them on the same node: a required pod
    anti-affinity against its own label app=web, per kubernetes.io/hostname. The cluster has two
    workers. Press Apply and see where the replicas go. Then give the cluster a third worker with
    podlife node add worker-3 and watch the scheduler place the last one.
goal-one-waits = one replica is rejected because of the anti-affinity rule
goal-all-spread = three ready replicas, still with the anti-affinity, one of them on worker-3
hint-1 = kubectl get pods -o wide shows each replica's node; kubectl get events --field-selector reason=FailedScheduling tells why one has none.
hint-2 = Keep the rule: the cluster needs another node, not a looser manifest.
hint-3 = Add a machine: podlife node add worker-3 --cpu 2 --memory 4Gi
question-third-replica = Two replicas are bound, one on each worker. Where does the third one go?
question-third-replica-stays-pending = Nowhere: it stays Pending
question-third-replica-control-plane = To the control-plane node, the only node without a replica
question-third-replica-shares-a-worker = To one of the workers: the rule gives way when there is no other choice
question-third-replica-explain =
    A required anti-affinity is a filter, not a wish. InterPodAffinity rejects both workers because
    each already runs a pod labelled app=web, and TaintToleration rejects the control-plane node, so
    the third pod stays Pending. Preemption finds no victims: the other replicas have the same
    priority. When worker-3 joined and became Ready, the node event sent the pod back to the active
    queue and it fit there. A preferredDuringScheduling rule would only have lowered the workers'
    scores.
