title = Conditions, one after another
intro =
    Besides its phase, a pod carries conditions, each True or False with the time it last
    changed: PodScheduled (a node was chosen), PodReadyToStartContainers (the sandbox and its
    network are up), Initialized (every init container finished), ContainersReady (every
    container runs and passes its readiness probe, if it has one) and Ready (the pod may
    receive traffic). The editor's pod has an init container that takes 5 s and an app whose
    readiness probe fails for its first 12 s. Apply it and catch the conditions turning True
    one by one with kubectl describe pod web.
goal-initializing = PodScheduled and PodReadyToStartContainers are True while the init container runs and Initialized is still False
goal-running-not-ready = Initialized is True and the app container runs, but ContainersReady and Ready are still False
goal-ready = ContainersReady and Ready are True
goal-in-order = In order: bound to a node, sandbox created, init container done, app started, readiness probe passed
hint-1 = Press Apply, then look at the Conditions table of kubectl describe pod web every few seconds (sleep 3, then sleep 7, then sleep 15).
hint-2 = The Ready condition waits for the readiness probe: the Events show Readiness probe failed until /ready answers 200, about 15 seconds after the app starts.
question-when-ready = The app container has just started. When will the pod's Ready condition turn True?
question-when-ready-at-start = Right away: the container is running
question-when-ready-after-probe = Only after its readiness probe succeeds
question-when-ready-explain =
    After the probe. A container with a readiness probe counts as ready only once the probe
    succeeds; until then the kubelet reports ContainersReady and Ready as False (reason
    ContainersNotReady), although the container is running and the phase is already Running.
    The probe ran every 5 s: first the connection was refused, then /ready answered 503 until
    the app was ready, and the first success made ContainersReady and Ready True together.
    Without a readiness probe a container is ready as soon as it starts. Ready is what Services
    and controllers look at: until it is True the pod receives no traffic through a Service.
