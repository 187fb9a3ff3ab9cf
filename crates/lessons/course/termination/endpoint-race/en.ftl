title = The endpoint race
intro =
    Deployment web runs three nginx pods behind Service web. Start clients on every node with
    podlife traffic svc/web --rps 50 --for 30s and, while they are sending, delete one of the pods
    (kubectl get pods shows their names). The run prints its table when it is over; meanwhile
    kubectl get endpointslices -o wide shows where the Service points.
goal-deleted-under-load = a web pod is deleted while the traffic run is going on
goal-failures = the traffic run counts failed requests
hint-1 = podlife traffic svc/web --rps 50 --for 30s starts the clients in the background; sleep a few seconds.
hint-2 = Delete one pod by name, for example kubectl delete pod web-766486c5b6-lksmp (kubectl get pods lists them).
hint-3 = Sleep until the run is over, about 30 s after it started, to see its table.
question-still-routed = You are deleting a pod while clients send requests through the Service. Will some requests still be sent to it?
question-still-routed-routed = Yes: for a moment some still go to it, and fail
question-still-routed-not-routed = No: the pod leaves the Service before it is stopped
question-still-routed-explain =
    Deleting a pod starts two things at once, and neither waits for the other. The kubelet stops nginx
    right away: it gets SIGQUIT, the stop signal its image declares, closes its listening socket and
    exits within milliseconds. At the same time the EndpointSlice controller marks the endpoint
    ready=false and terminating=true, and each node's kube-proxy drops it from its own rules at its next
    sync, a second or a few later, every node on its own schedule. In between, connections made on those
    nodes still go to the pod's IP: first refused (counted as 502 in the table), then, once the sandbox
    and its IP are gone, left unanswered (timeouts). Every old pod of a rolling update runs the same race.
