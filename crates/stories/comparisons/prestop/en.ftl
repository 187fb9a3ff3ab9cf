title = Deleting a pod under traffic: preStop sleep or none
intro =
    Three nginx pods behind Service web answer 50 requests a second from clients on every node
    while web-2 is deleted. Without a preStop hook the kubelet stops nginx at once, but each
    node's kube-proxy keeps sending new connections to web-2's address until its own rules are
    rewritten, a second or more later, and those requests fail. A 5-second preStop sleep keeps
    nginx serving while every kube-proxy catches up; only then does it get its stop signal.
a = no preStop hook
b = preStop sleep of 5 s
expect = A loses requests (failed above 0); B loses none (0 failed).
