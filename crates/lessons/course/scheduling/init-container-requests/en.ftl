title = What an init container costs the scheduler
intro =
    Pod app runs nginx with a request of half a CPU, but before it an init container, migrate, asks
    for three CPUs. The workers have two CPUs each. Press Apply and see how kube-scheduler counts a
    pod whose containers run one after another: the effective request. Then make the pod fit
    without touching the web container.
goal-rejected = kube-scheduler finds Insufficient cpu on both workers
goal-running = app runs, its web container still requesting 500m, after migrate completed
hint-1 = kubectl describe pod app lists each container's Requests and the FailedScheduling event.
hint-2 = Only migrate's request is too big. Requests cannot be changed on an existing pod: delete app first.
hint-3 = Give migrate a CPU request of 1 and press Apply again.
question-does-it-fit = migrate (3 CPUs) finishes before web (500m) starts, so they never run together. Does app fit on a worker with two CPUs?
question-does-it-fit-fits = Yes: at any moment the pod uses at most what one container asks for, and web needs only 500m
question-does-it-fit-does-not-fit = No: the node must be able to hold the largest init container too
question-does-it-fit-explain =
    The scheduler reserves a pod's effective request for its whole life: the larger of the sum of
    the app containers' requests and the largest request of any single init container, since each
    of those runs by itself. Here that is max(3, 0.5) = 3 CPUs, more than a worker's allocatable
    2 CPUs. With migrate at 1 CPU the effective request is 1 CPU, and the pod fits: kubectl describe
    node shows app holding 1 CPU even after migrate has finished. Native sidecars
    (init containers with restartPolicy: Always) change the sum: they keep running, so their
    requests are added to the app containers and to every init container that starts after them.
