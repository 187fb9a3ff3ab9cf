title = StatefulSet: one ordinal at a time
intro =
    A StatefulSet gives each pod a fixed identity: a name made of the set's name and an ordinal
    (db-0, db-1, db-2) and, through the headless Service named in serviceName, a DNS name of its
    own (db-1.db.default.svc.cluster.local). The editor holds StatefulSet db, whose app turns
    Ready 5 s after it starts. Apply it and watch the order in which the pods appear. Then
    delete db-1 and see what comes back, and finally scale the set down to one replica.
goal-all-ready = db-0, db-1 and db-2 are all Ready
goal-same-name = You delete db-1 and a new pod comes back under the same name, db-1, and turns Ready
goal-scaled-down = Scaled to one replica: db-2 was removed first and db-1 only after db-2 was gone; db-0 remains
hint-1 = Press Apply, then kubectl get pods every few seconds (sleep 3 between them). kubectl get events --field-selector involvedObject.kind=StatefulSet lists the creates in order.
hint-2 = Once all three are Ready: kubectl delete pod db-1, then kubectl get pods -o wide (compare its age and IP with before).
hint-3 = kubectl scale statefulset db --replicas=1, then kubectl get pods twice, a second apart.
question-when-db-1 = db-0 has just been created; its app needs 5 s before it answers /ready. When will the StatefulSet create db-1?
question-when-db-1-after-ready = Only after db-0 is Running and Ready
question-when-db-1-together = Right away: db-0, db-1 and db-2 are created together
question-when-db-1-after-running = As soon as db-0's container has started, Ready or not
question-when-db-1-explain =
    Only after db-0 is Ready. Under podManagementPolicy OrderedReady the StatefulSet controller
    walks the ordinals in order and stops at the first pod that is not Running and Ready: while
    db-0's readiness probe failed, db-1 did not exist. The first successful probe made db-0
    Ready, and only then was db-1 created ("create Pod db-1 in StatefulSet db successful"), and
    db-2 after db-1. This is for members that must start in order, like a database replica
    that joins db-0. podManagementPolicy: Parallel creates them all at once; it changes only
    scaling, not updates.
question-scale-down-order = You scaled db from three replicas to one. In what order do the pods go?
question-scale-down-order-highest-first = db-2 first; db-1 only once db-2 is completely gone
question-scale-down-order-both-at-once = db-2 and db-1 together
question-scale-down-order-oldest-first = The oldest pods first, so db-0 goes
question-scale-down-order-explain =
    Highest ordinal first, one at a time. Scaling down condemns every ordinal at or above the
    new replica count, and under OrderedReady the controller deletes them from the highest,
    waiting for each to finish terminating before it touches the next: db-1 got its delete only
    after db-2 had left. db-0, the first member, is the last to go. Deleting db-1 by hand earlier
    showed the other half of a stable identity: the controller recreated the missing ordinal
    under the same name and hostname, so db-1.db.default.svc.cluster.local kept its meaning and
    now resolves to the new pod's IP; with volumeClaimTemplates the new db-1 would also have
    reattached the same claim, data-db-1.
