title = Reading exit codes
intro =
    The exits pod runs a small service: it exits 1 when the file /tmp/fail appears, exits 0
    when /tmp/finish appears, and exits 143 when it receives SIGTERM. End its container in four
    ways and read each ending under Last State in kubectl describe pod exits: create the files
    with kubectl exec, then stop the container from its node with crictl, once with
    --timeout 10 (SIGTERM, then SIGKILL 10 s later) and once without (SIGKILL at once). Its
    restartPolicy is Always, so it comes back every time; wait until it is Running before the
    next step.
goal-code-1 = the container ends with exit code 1 (reason Error)
goal-code-0 = the container ends with exit code 0 (reason Completed)
goal-code-143 = the container ends with exit code 143 (128 + 15, SIGTERM)
goal-code-137 = the container ends with exit code 137 (128 + 9, SIGKILL)
hint-1 = kubectl exec exits -- touch /tmp/fail ends the container with code 1. Check that it is Running again with kubectl get pod exits before the next step.
hint-2 = crictl runs on the pod's node. kubectl get pod exits -o wide names the node; podlife node NODE -- crictl ps --name app -q prints the container's id.
hint-3 = podlife node NODE -- crictl stop --timeout 10 ID asks with SIGTERM first; podlife node NODE -- crictl stop ID sends SIGKILL straight away.
question-kill-code = The service caught SIGTERM and exited with 143. Now crictl stop without --timeout, which sends SIGKILL. What exit code will Last State show?
question-kill-code-code-143-again = 143 again: the trap runs and exits 143
question-kill-code-code-137 = 137: SIGKILL ends the process and the trap never runs
question-kill-code-code-0-clean = 0: a stop you asked for is a clean exit
question-kill-code-explain =
    An exit code above 128 means a signal: 128 plus the signal's number. SIGKILL (9) cannot be
    caught, blocked or ignored; the kernel ends the process and the runtime reports 137. SIGTERM
    (15) can be caught: this service catches it and exits with 143 by the same convention, as the
    JVM does, and a process without a handler that is not PID 1 is ended by the signal and
    reports 143 as well. A PID 1 without a handler ignores SIGTERM, so only the SIGKILL at the
    end of the grace period stops it, and you see 137. containerd gives the reason: Completed
    for 0, Error for any other code, and OOMKilled when the kernel's out-of-memory killer ended
    the container, which also shows up as 137.
