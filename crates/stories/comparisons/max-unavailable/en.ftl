title = Rolling update: the default maxUnavailable or maxUnavailable: 0
intro =
    Deployment web rolls four nginx replicas to a new image. With the default strategy (maxSurge
    and maxUnavailable both 25 %, one pod each for four replicas) the controller may take an old
    pod away before its replacement is available, so for a while only three are available. With
    maxUnavailable: 0 it first waits for a new pod to become available, so all four stay
    available throughout.
a = default strategy (maxUnavailable 25 %)
b = maxUnavailable: 0
expect = The minimum of available replicas during the rollout is 3 in A and 4 in B.
