title = A slow start: initialDelaySeconds or a startup probe
intro =
    Pod slow runs an app that loads for 60 s before it listens on 8080. Its liveness probe checks
    /healthz every 10 s and gives up after three failures. Delaying it with initialDelaySeconds: 20
    is a guess that is too short: the kubelet kills the app while it is still loading, and every new
    start loads for 60 s again, so the pod never becomes Ready. A startup probe holds back the
    liveness and readiness probes until the app answers once, however long that takes within its
    failureThreshold × periodSeconds.
a = liveness probe with initialDelaySeconds: 20
b = startupProbe (24 × 5 s)
expect = A restarts again and again and is never Ready; B is Ready after about a minute without a restart.
