title = Native sidecars: first in, last out
intro =
    Pod shop has two native sidecars, init containers with restartPolicy: Always: log-shipper,
    then proxy, which needs 6 seconds before it listens and says so through its startupProbe.
    Unlike a plain init container, a sidecar is not waited on to exit: the kubelet starts the next
    container once the sidecar has started, and with a startupProbe only once that probe passes.
    Press Apply and follow the start; when shop runs, delete the pod
    (kubectl delete pod shop --wait=false) and see in which order the containers are stopped.
goal-startup-gates-app = log-shipper starts, proxy's startup probe passes, and only then does shop start
goal-app-stops-first = on deletion, shop gets SIGTERM and exits before proxy gets its SIGTERM
goal-reverse-order = log-shipper, the first sidecar, is stopped last, after proxy has exited
hint-1 = Press Apply and watch STATUS and READY: Init:1/2 with 1/3 means log-shipper is running and the kubelet is waiting on proxy.
hint-2 = kubectl logs shop -c proxy shows when the proxy starts to listen on 8080.
hint-3 = Once the pod is Running 3/3, delete it: kubectl delete pod shop --wait=false, then kubectl get pods -w.
question-when-app-starts = proxy has started but will not listen on 8080 for another 6 seconds. When does the kubelet start shop?
question-when-app-starts-after-startup-probe = Only after proxy's startup probe succeeds
question-when-app-starts-right-away = Right away: a sidecar keeps running, so there is nothing to wait for
question-when-app-starts-explain =
    A sidecar never exits, so the kubelet cannot wait for it to complete as it does for a plain
    init container. Instead it waits until the sidecar has started: at once for a sidecar with no
    startupProbe (log-shipper), and for proxy only when its startupProbe succeeds. That is why the
    pod showed Init:1/2 with READY 1/3 for several seconds, and shop started right after the
    probe passed.
question-who-gets-sigterm = You deleted pod shop. In what order do its containers get SIGTERM?
question-who-gets-sigterm-app-then-sidecars = shop first; once it has exited proxy, then log-shipper: the reverse of the start order
question-who-gets-sigterm-all-at-once = All three at the same moment
question-who-gets-sigterm-sidecars-first = The sidecars first, then shop
question-who-gets-sigterm-explain =
    The kubelet stops the app containers first, so they can still ship logs and send traffic
    through the proxy while they shut down. Only when every app container has exited does a
    sidecar get its SIGTERM, and the sidecars go in the reverse of their order in
    spec.initContainers, each after the ones behind it have exited. They share one grace period:
    proxy got what was left of the 30 seconds after the time spent waiting for shop.
