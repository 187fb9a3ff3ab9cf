title = Phase, container state and STATUS
intro =
    A pod's status holds a phase for the whole pod and a state for each container, and the
    STATUS column of kubectl get pods is neither of them. The editor holds two pods that never get going: crasher's container exits with code 1 two
    seconds after it starts, and typo asks for an nginx tag that does not exist. Press Apply and,
    for each pod, compare the STATUS column with the pod's phase (the Status line of kubectl
    describe pod) and its container's state (State and Reason under the container). crasher
    needs a few minutes: its restarts come further and further apart.
goal-typo-pending = typo: STATUS ImagePullBackOff, phase Pending, container waiting with reason ImagePullBackOff
goal-crasher-status = crasher: the STATUS column says CrashLoopBackOff
goal-crasher-phase = crasher: while STATUS says CrashLoopBackOff, the phase is Running
goal-crasher-state = crasher: the container is waiting (CrashLoopBackOff) and its last state is terminated with exit code 1
hint-1 = Press Apply (both tabs), then follow the pods with kubectl get pods -w.
hint-2 = typo reaches ImagePullBackOff within a minute. crasher restarts at once the first time, then waits 10 s, 20 s, 40 s … before each restart; give it about five minutes (sleep 240).
hint-3 = kubectl describe pod crasher shows all three side by side: Status (the phase), State and Reason (the container now), Last State (how it ended last time).
question-crashloop-phase = crasher's STATUS column says CrashLoopBackOff. What is its status.phase?
question-crashloop-phase-running = Running
question-crashloop-phase-pending = Pending
question-crashloop-phase-failed = Failed
question-crashloop-phase-crashloop = CrashLoopBackOff
question-crashloop-phase-explain =
    Running. The phase summarizes the whole pod in one of a few values (Pending, Running,
    Succeeded, Failed, and Unknown, which nothing has set since 2015). crasher is bound to a node
    and its container has started before; with restartPolicy Always an exited container is only
    waiting for its next restart, so the pod stays Running. CrashLoopBackOff is not a phase: it is
    the reason the container is waiting (the kubelet holds the restart back, 10 s doubling up to
    5 minutes), and kubectl's STATUS column prints that reason because it says more than the phase.
    typo's container is waiting too, but it has never started, so typo is still Pending.
