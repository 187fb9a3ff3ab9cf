title = A preStop hook runs first
intro =
    The editor holds pod app, with terminationGracePeriodSeconds 30. Before you press Apply, give its
    container a preStop hook that waits 10 s with the kubelet's own sleep action
    (lifecycle.preStop.sleep.seconds: 10); a pod's lifecycle cannot be changed once it exists. When
    the pod runs, delete it with kubectl delete pod app --wait=false. Watch when the hook runs, when
    SIGTERM arrives, and how much of the grace period is left for the app.
goal-hook-first = the preStop hook runs, and only after it does SIGTERM reach the app
goal-clean-exit = the app exits 0 without a SIGKILL, and pod app is gone
hint-1 = Under the container, add lifecycle, then preStop, then sleep with seconds: 10, and press Apply.
hint-2 = Give the pod a few seconds to start, then kubectl delete pod app --wait=false.
hint-3 = For 10 s the pod is Terminating but kubectl logs app shows no SIGTERM yet; sleep about 12 s to see it end.
question-time-left = The preStop hook has started and will sleep 10 s; terminationGracePeriodSeconds is 30. How long does the app get after SIGTERM before a SIGKILL?
question-time-left-twenty = About 20 s: the hook's time comes out of the same 30 s
question-time-left-thirty = The full 30 s: the countdown starts at SIGTERM
question-time-left-explain =
    The grace period covers the whole stop, not just the time after SIGTERM. The kubelet records a
    Killing event, runs the preStop hook and waits for it at most the grace period, then asks
    containerd to stop the container with what is left: StopContainer with a 20 s timeout here. The
    app needed 1 s to drain and exited 0. Had the hook used up the whole period, the kubelet would
    still send SIGTERM and allow the container a last 2 s before SIGKILL. So size
    terminationGracePeriodSeconds for the hook plus the app's own shutdown. A failing hook does not
    stop the termination either: the kubelet records FailedPreStopHook and goes on to SIGTERM.
