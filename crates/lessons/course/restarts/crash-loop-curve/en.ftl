title = The crash-loop back-off
intro =
    The api pod in the editor exits with code 1 because DATABASE_URL is not set. Apply it and
    watch it with kubectl get pods -w for about three minutes: how long does the kubelet wait
    before each restart, and what does STATUS say meanwhile? While a restart is held, the
    container's waiting state names the delay (kubectl get pod api -o yaml). Then fix the pod:
    delete it and apply it again with a DATABASE_URL environment variable.
goal-crash-loop = api's STATUS shows CrashLoopBackOff
goal-long-delay = the kubelet holds a restart of api for 1m20s (back-off 1m20s)
goal-fixed = api runs with DATABASE_URL set and is Ready
hint-1 = Press Apply, then run kubectl get pods -w followed by sleep 180: every line it prints is a change in the pod's status.
hint-2 = The delay is in the message of the container's waiting state: look under state.waiting in kubectl get pod api -o yaml. kubectl describe pod api lists the BackOff events.
hint-3 = A running pod's environment cannot be changed. Delete the pod with kubectl delete pod api, add an env entry named DATABASE_URL (for example postgres://db:5432/shop) to the container, and apply it again.
question-next-delay = RESTARTS has reached 4: the kubelet held the restarts for 10 s, then 20 s, then 40 s, and the new container has already crashed again. How long will the kubelet hold the next restart?
question-next-delay-ten-seconds = 10 s: each crash starts the count over
question-next-delay-forty-seconds = 40 s again: the delay has settled
question-next-delay-eighty-seconds = 80 s: the delay doubles
question-next-delay-five-minutes = 5 minutes: the maximum, straight away
question-next-delay-explain =
    The kubelet keeps a back-off for each container. It restarts the first crash at once; every
    crash after that doubles the delay, from 10 s up to a ceiling of 5 minutes: 10, 20, 40, 80,
    160, then 300 s for every crash after. While a restart is held, the container is Waiting with
    reason CrashLoopBackOff, its message names the delay (back-off 1m20s), and every sync of the
    pod that finds it still held records a BackOff warning event. The restart itself comes at
    the kubelet's first sync after the delay, a few seconds later. STATUS reads Error right after
    a crash and CrashLoopBackOff once the kubelet has reported the wait, so the two alternate,
    while the pod's phase stays Running. Waiting longer fixes nothing: the cause is in the
    container, here its configuration, and a new pod with DATABASE_URL starts at once.
