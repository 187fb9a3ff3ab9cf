title = Who is PID 1?
intro =
    Pod app starts its app in shell form, sh -c /app, which is also what a Dockerfile's CMD written
    without brackets turns into. See who is PID 1 in the container (kubectl exec app -- cat /proc/1/comm),
    then delete the pod and notice how long kubectl delete takes. Then switch app.yaml to the exec
    form, command: ["/app"], apply it, and delete the pod again.
goal-shell-killed = with sh as PID 1, SIGTERM is lost and SIGKILL ends the pod 30 s later
goal-exec-graceful = with the app as PID 1, SIGTERM reaches it and it exits 0
hint-1 = kubectl exec app -- cat /proc/1/comm prints the name of PID 1. Then kubectl delete pod app, and wait for it.
hint-2 = Once the pod is gone, change the command to command: ["/app"] (or drop command: the image's ENTRYPOINT is /app) and Apply.
hint-3 = Check PID 1 again and delete the pod: this time it is gone in about a second.
question-how-soon = The kubelet is stopping the container: containerd sends SIGTERM to its PID 1, which is sh. When does the app stop?
question-how-soon-about-a-second = In about a second: sh passes SIGTERM on and the app drains
question-how-soon-after-thirty = Only after 30 s, when SIGKILL ends the whole container
question-how-soon-explain =
    A stop signal goes to the container's PID 1 and nowhere else. Here PID 1 was sh, which had started
    /app as its child and had no SIGTERM handler. The kernel does not deliver a signal to the init of a
    PID namespace unless it handles it (SIGKILL and SIGSTOP from outside are the exception), so SIGTERM
    vanished, the app never heard of it and kept serving until the grace period ran out and SIGKILL took
    down the container (exit 137). With the exec form the app is PID 1, handles SIGTERM, drains and
    exits 0. Whether sh -c stays PID 1 depends on the shell: dash, /bin/sh on Debian and Ubuntu,
    keeps running with the app as its child, as this image's sh does, while busybox ash and bash
    replace themselves with a single simple command. Do not rely on it: use the exec form, put exec in
    front of the last command of a wrapper script, or run a small init such as tini that forwards signals.
compare =
    The comparison runs both forms from the same start and deletes the pod at the same moment:
    shell form in A, exec form in B. In the outcome table, "delete to gone" is the whole 30 s grace
    period in A, which ends with SIGKILL and exit code 137, and about a second in B, which exits 0.
    The SIGKILL is among the reactions only A has.
