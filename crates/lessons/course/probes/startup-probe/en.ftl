title = A slow start and the startup probe
intro =
    Pod slow runs an app that loads for 60 s before it listens on 8080. Its liveness probe checks
    /healthz every 10 s and gives up after three failures, so the kubelet kills the app after about
    30 s, again and again: look at RESTARTS and the pod's events. Add a startupProbe to slow.yaml
    that gives the app enough time, then replace the pod. A pod's probes cannot be changed in
    place: delete it first (kubectl delete pod slow), then Apply.
goal-startup-waited = The startup probe fails while the app loads, then succeeds
goal-ready-no-restart = Pod slow, with a startupProbe, is Ready without a restart
hint-1 =
    kubectl get events --field-selector involvedObject.name=slow shows the liveness probe failing
    with connection refused while the app is still loading, then Killing.
hint-2 =
    Until a startupProbe succeeds once, the kubelet runs neither the liveness nor the readiness
    probe; it gives up after failureThreshold × periodSeconds. The app needs 60 s: 30 × 10 s
    leaves plenty of room.
hint-3 =
    Add a startupProbe to the container: httpGet on path /healthz, port 8080, with
    periodSeconds: 10 and failureThreshold: 30. Then kubectl delete pod slow, Apply, and wait
    about 80 s.
question-while-loading = The new pod runs the same slow app with the same liveness probe, plus your startup probe. What happens while the app loads?
question-while-loading-liveness-waits = The startup probe fails a few times, but the liveness probe does not run until it succeeds: no restart
question-while-loading-killed-again = The liveness probe still kills the container after about 30 s
question-while-loading-startup-kills = The startup probe restarts the container at its first failure
question-while-loading-explain =
    While a container's startup probe has not succeeded yet, the kubelet runs neither its liveness
    nor its readiness probe (the container's started field is false). The startup probe failed
    every 10 s with connection refused, each failure an Unhealthy event and none a restart, until
    the app listened. Its first success set started to true and handed over: the liveness probe
    checks every 10 s from then on, and the readiness probe made the pod Ready. Had the app needed
    more than failureThreshold × periodSeconds (30 × 10 s = 300 s), the kubelet would have killed
    it with "Container app failed startup probe, will be restarted". A long initialDelaySeconds
    would make the liveness probe wait that long after every start; the startup probe hands over
    as soon as the app answers.
compare =
    The comparison starts the same slow app twice from the same start: in A its liveness probe waits
    out initialDelaySeconds: 20, a guess that is too short; in B a startup probe holds it back. In the
    outcome table A restarts again and again and its "time to Ready" is never; B is Ready after about a
    minute with no restart. The kubelet killing A's app is among the reactions only A has.
