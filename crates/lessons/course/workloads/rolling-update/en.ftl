title = A rolling update, one ReplicaSet up and one down
intro =
    Deployment web runs six replicas of registry.podlife.dev/app:1.0, each Ready 3 s after it
    starts. Roll out version 2.0: change the image (kubectl set image, or edit the tab and press
    Apply) and follow the two ReplicaSets with kubectl get rs. The Deployment never replaces all
    pods at once: it creates a new ReplicaSet for the new pod template, scales it up and the old
    one down, within the limits of maxSurge and maxUnavailable.
goal-rolled-out = All six web pods run app:2.0 and the rollout is complete (NewReplicaSetAvailable)
goal-old-kept = The old ReplicaSet is still there, scaled to 0
goal-stayed-available = Throughout the rollout, at least five web pods stayed available
hint-1 = kubectl set image deployment/web app=registry.podlife.dev/app:2.0 (the container is called app).
hint-2 = Right after, run kubectl get rs a few times (or sleep 1 between them): DESIRED of the new and the old ReplicaSet shows each step.
hint-3 = kubectl rollout status deployment/web waits for the end; kubectl get events --field-selector involvedObject.kind=Deployment lists every ScalingReplicaSet step.
question-first-step = Six replicas, maxSurge 25% and maxUnavailable 25%. During this rollout, how many web pods may exist at most, and how many must stay available?
question-first-step-eight-five = At most 8 pods, at least 5 available
question-first-step-seven-five = At most 7 pods, at least 5 available
question-first-step-eight-four = At most 8 pods, at least 4 available
question-first-step-explain =
    At most 8, at least 5. 25% of 6 is 1.5: maxSurge is rounded up (2 pods above the six) and
    maxUnavailable down (1 pod below), so that a percentage never blocks a rollout and never
    takes away more capacity than asked. The new ReplicaSet carries the ceiling as the
    annotation deployment.kubernetes.io/max-replicas: 8. The first step scaled the new
    ReplicaSet from 0 to 2 and the old one from 6 to 5 ("Scaled down replica set … from 6 to
    5"), then the new one to 3 to fill the eight. From then on each new pod that turned Ready
    let the controller remove one old pod and add one new. The old ReplicaSet is kept at 0
    replicas: it is the revision a rollback returns to.
compare =
    The comparison rolls four replicas to a new image twice from the same start: with the default
    strategy in A, where maxUnavailable 25 % lets one old pod go before its replacement is available,
    and with maxUnavailable: 0 in B. In the outcome table, "fewest available during it" is 3 in A
    and 4 in B, and B's rollout takes about twice as long: it only removes an old pod once a
    new one is available.
