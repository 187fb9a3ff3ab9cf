title = Graceful termination: shell-form or exec-form PID 1
intro =
    The same app is started twice and deleted once it is Ready. In shell form (sh -c /app) sh is
    PID 1 and the app its child: sh has no SIGTERM handler and the kernel drops signals that PID 1
    does not handle, so the app never hears the stop signal, and the kubelet kills it with SIGKILL
    when the 30 s grace period ends (exit code 137). In exec form the app itself is PID 1: it gets
    SIGTERM, drains for a second and exits 0.
a = shell form: sh -c /app
b = exec form: /app
expect = A takes the whole 30 s grace period and ends by SIGKILL (137); B is gone after about a second (exit 0).
