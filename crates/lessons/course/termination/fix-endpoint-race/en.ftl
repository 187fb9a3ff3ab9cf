title = Closing the race with preStop
intro =
    The same Deployment web runs behind Service web. Give its nginx container a preStop hook that
    sleeps 5 s (lifecycle.preStop.sleep.seconds: 5 in the pod template), press Apply and wait for the
    rollout. Then run podlife traffic svc/web --rps 50 --for 40s again and take pods away while it
    runs: delete one, or replace them all with kubectl rollout restart deployment/web.
goal-prestop-in-template = the Deployment's pod template has a preStop hook
goal-hook-under-load = a web pod runs its preStop hook while the traffic run is going on
goal-no-failures = a traffic run during which pods went away ends with 0 failed requests
hint-1 = Under the nginx container of the template, add lifecycle, then preStop, then sleep with seconds: 5, and press Apply.
hint-2 = kubectl rollout status deployment/web waits for the new pods. Give the old ones a few seconds to leave: they have no hook, so the rollout that adds it still runs the race.
hint-3 = Start the traffic, sleep a few seconds, then kubectl rollout restart deployment/web (or delete one pod), and sleep until the run's table appears.
question-failures = A web pod is Terminating and its preStop hook has started its 5 s sleep. Will this traffic run lose any requests?
question-failures-none = No: nginx keeps serving until every kube-proxy has let go of the pod
question-failures-some = Yes, a few, just like before
question-failures-explain =
    The hook does not remove the race, it changes who wins it. The endpoint still turned ready=false at
    once and each kube-proxy still needed a second or a few to drop it, but during those 5 s nginx was
    still running and answered whatever reached it. Only after the hook did the kubelet send SIGQUIT,
    and by then no node was sending it new connections. The price is 5 s more per pod, and those 5 s
    count against terminationGracePeriodSeconds (30 s by default). The app itself must still finish the
    requests it is serving when the stop signal comes.
compare =
    The comparison plays the race twice from the same start: three nginx pods behind Service web,
    clients on every node, and the same pod deleted at the same moment, without a preStop hook in A
    and with a 5 s preStop sleep in B. In the outcome table A has failed requests and B none, and
    "delete to gone" shows what B pays for it: about 5 s more for the pod to leave.
