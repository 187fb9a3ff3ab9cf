title = SIGTERM, then SIGKILL
intro =
    Pod stubborn runs an app with no SIGTERM handler, so the signal is simply ignored. Delete it with
    kubectl delete pod stubborn --wait=false and watch it with kubectl get pod stubborn -w: how long
    does it stay Terminating, and how does it end? Then create it again from stubborn.yaml and make
    the next deletion end sooner, with kubectl delete's --grace-period or with the pod's
    terminationGracePeriodSeconds.
goal-sigkilled = stubborn ignores SIGTERM and is killed with SIGKILL (exit code 137)
goal-shorter = a new stubborn pod is killed after a grace period of 10 s or less
hint-1 = Run kubectl delete pod stubborn --wait=false, then kubectl get pod stubborn -w, and sleep a little over 30 s.
hint-2 = Once it is gone, create it again with kubectl apply -f stubborn.yaml (or press Apply).
hint-3 = A delete can ask for its own grace period instead of the pod's 30 s: kubectl delete pod stubborn --grace-period=5.
question-how-long = SIGTERM reached stubborn and was ignored. What happens now?
question-how-long-at-once = The kubelet sends SIGKILL right away
question-how-long-after-grace = It keeps running until the 30 s of terminationGracePeriodSeconds are over, then SIGKILL ends it
question-how-long-never = It stays Terminating until someone force-deletes it
question-how-long-explain =
    SIGTERM is a request, and a process may ignore it. The kubelet had asked containerd to stop the
    container with a 30 s timeout, the pod's terminationGracePeriodSeconds; when it ran out, the
    runtime sent SIGKILL, which no process can catch or ignore. The container exited with code 137
    (128 + 9, the number of SIGKILL) and reason Error, which kubectl shows as STATUS Error for a moment
    before the pod is removed. A delete can set its own period with --grace-period (a second delete of
    a pod that is already terminating can only shorten it); an app that needs longer to shut down
    needs a larger terminationGracePeriodSeconds.
