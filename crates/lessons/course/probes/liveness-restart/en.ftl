title = Which probe restarts?
intro =
    shop.yaml holds two pods of the same app, hung and busy, behind Service shop, with the same
    readiness and liveness probes. About 20 s after it starts, hung's /healthz begins to fail (a
    process that is stuck) and busy's /ready does (an app too busy to take more work). Apply,
    watch both pods for a minute with kubectl get pods, and find out what each failing probe does.
goal-hung-restarted = The kubelet kills hung's container for its failed liveness probe and starts it again
goal-busy-out = busy drops to READY 0/1 but stays Running, without a restart
goal-previous-log = You read the log of hung's killed container (kubectl logs hung --previous)
hint-1 =
    Press Apply, then sleep 10: both pods become Ready. Then sleep 35 and run kubectl get pods
    again: compare READY and RESTARTS.
hint-2 =
    kubectl get events --field-selector reason=Killing shows which container was killed and why;
    kubectl describe endpointslice -l kubernetes.io/service-name=shop shows which endpoint is no
    longer ready.
hint-3 = A restarted container's earlier log stays on the node: kubectl logs hung --previous.
question-which-restarts = Both pods are Ready. Soon hung's liveness probe and busy's readiness probe start failing. Which container does the kubelet restart?
question-which-restarts-hung-only = Only hung's: a failed liveness probe restarts the container, a failed readiness probe does not
question-which-restarts-busy-only = Only busy's: a pod that is not ready gets restarted
question-which-restarts-both = Both: any probe that fails three times in a row restarts the container
question-which-restarts-explain =
    After three failed liveness checks in a row (failureThreshold 3, 5 s apart) the kubelet killed
    hung's container with a Killing event,
    "Container app failed liveness probe, will be restarted", and the usual stop (SIGTERM, then
    SIGKILL if it outlives the 30 s grace period).
    It then started a new container in the same pod: RESTARTS went to 1, and the new container was
    not Ready until its readiness probe passed. busy's failed readiness checks only set its Ready
    condition to False: its endpoint became ready: false in the EndpointSlice and the Service
    stopped sending it requests, but its container kept running. Once /ready answers 200 again,
    the next check makes it Ready and it gets traffic again.
