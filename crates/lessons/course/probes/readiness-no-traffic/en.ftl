title = Running, but no traffic
intro =
    Deployment web runs two pods behind Service web, and both are Running. Send them traffic
    with podlife traffic svc/web --rps 10 --for 5s and see what the clients get. Then read the
    READY column, the EndpointSlice's conditions
    (kubectl describe endpointslice -l kubernetes.io/service-name=web) and the pods' events, fix
    the readiness probe in web.yaml and Apply.
goal-saw-refused = Traffic to svc/web fails while no web pod is Ready
goal-ready = Both web pods are Ready (READY 1/1)
goal-served = A traffic run to svc/web gets every request answered
hint-1 =
    Run podlife traffic svc/web --rps 10 --for 5s, then sleep 7 for its table. kubectl get pods
    shows READY 0/1: Running is not the same as Ready.
hint-2 =
    kubectl get events --field-selector reason=Unhealthy tells why the readiness probe fails.
    Which path does the probe ask for, and which one does the app serve (see the comment in
    web.yaml)?
hint-3 =
    Set the readiness probe's path to /ready in web.yaml and Apply. A running pod's probes cannot
    be changed; the new pod template makes the Deployment roll out new pods. Wait with
    kubectl rollout status deployment/web, then send traffic again.
question-where-requests-go = Both pods are Running, but READY 0/1. Where do the requests sent to svc/web go?
question-where-requests-go-answered = To the pods: Running is enough, the app answers them
question-where-requests-go-app-503 = To the pods, and the app answers 503 Service Unavailable
question-where-requests-go-refused = Nowhere: the Service has no ready endpoint, so every connection is refused
question-where-requests-go-explain =
    A pod whose readiness probe fails has its Ready condition False, and the EndpointSlice
    controller marks its endpoint ready: false (serving: false). kube-proxy sends a Service's
    traffic only to ready endpoints; with none left, it installs a REJECT rule for the Service's
    virtual IP and each connection is refused at once (counted as 502, as an ingress in front
    would report it). The app never sees a request; had a Ready pod been left, every request would
    have gone to it instead. Nothing restarts the pods either: a readiness probe only decides
    whether a pod receives traffic.
