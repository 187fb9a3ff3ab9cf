title = How long until the restart?
intro =
    app.yaml runs an app that breaks 30 s after it starts: from then on its /healthz answers 500.
    Its liveness probe checks every 10 s (periodSeconds) and acts after 3 failures in a row
    (failureThreshold). Apply it and predict when the kubelet restarts the container. Then tune
    the probe so that a broken app is restarted at most 15 s after it breaks, and run it again:
    delete the pod first, since its probes cannot be changed in place.
goal-restarted-default = With periodSeconds 10 and failureThreshold 3, the kubelet restarts the broken app
goal-within-15s = Pod app, whose liveness probe acts within 15 s (periodSeconds × failureThreshold ≤ 15), has been restarted
hint-1 =
    Apply, then sleep 45 and sleep 20, with kubectl get pods after each.
    kubectl get events --field-selector involvedObject.name=app shows the Unhealthy events (x3)
    and the Killing.
hint-2 =
    After the app breaks, the first failed check comes within one period, and the kubelet acts on
    the failureThreshold-th failure in a row: at most periodSeconds × failureThreshold after the
    break. Keep that product at 15 s or less.
hint-3 =
    In app.yaml set periodSeconds: 5 and keep failureThreshold: 3. Then kubectl delete pod app,
    Apply, and wait about 50 s.
question-when-restart = The app breaks 30 s after it starts. When does the kubelet restart its container?
question-when-restart-first-failure = About 30–40 s after start: at the first check that gets a 500
question-when-restart-third-failure = About 50–60 s after start: at the third failed check in a row, 20–30 s after the app breaks
question-when-restart-never = Never: the process is still running, so there is nothing to restart
question-when-restart-explain =
    The kubelet probes on its own 10 s ticker, so the first check to get a 500 comes some time
    within 10 s of the break. One failure changes nothing: the kubelet acts once failureThreshold
    checks in a row have failed, here at the third, 20 to 30 s after the break. It kills the
    container (Killing, "failed liveness probe") and starts a new one, which passes its checks
    until it breaks in turn. A failure is acted on between (failureThreshold − 1) × periodSeconds
    and failureThreshold × periodSeconds after it begins. A shorter period or a lower threshold
    reacts sooner, but also restarts an app that is only slow for a moment: every check must be
    answered within timeoutSeconds (1 s by default), and with failureThreshold 1 a single slow
    answer means a restart.
