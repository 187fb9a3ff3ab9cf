title = Sharing the PID namespace is opt-in
intro =
    Pod app runs nginx and a busybox shell. Network, IPC and hostname are shared, but each
    container has its own PID namespace: run ps in the shell container and it sees only itself.
    Set shareProcessNamespace: true in the pod's spec so the shell can see nginx's processes. The
    field cannot be changed on a running pod, so you will have to delete the pod and create it
    again. Then run ps once more.
goal-shared = pod app runs with shareProcessNamespace: true (READY 2/2)
goal-saw-pause = you ran ps in the shell container of the shared pod
hint-1 = kubectl exec app -c shell -- ps shows the processes the shell container can see.
hint-2 = shareProcessNamespace goes under spec, next to containers. Applying it to the running pod is refused: delete the pod first (kubectl delete pod app; it takes about 30 seconds, because sleep runs as PID 1 and ignores SIGTERM).
hint-3 = After Apply, wait a few seconds for both containers, then kubectl exec app -c shell -- ps again.
question-who-is-pid-1 = The new pod shares one PID namespace among its containers. Which process will ps in the shell container show as PID 1?
question-who-is-pid-1-pause = /pause, the sandbox's pause container
question-who-is-pid-1-nginx = nginx's master process
question-who-is-pid-1-sleep = sleep 3600, the shell container's own command, as before
question-who-is-pid-1-explain =
    With shareProcessNamespace the sandbox's pause container creates the PID namespace too, so
    pause is its first process, PID 1. runc starts nginx and the shell inside that namespace
    (joinsNamespaces now includes pid), and ps lists every process of the pod: pause, nginx's
    master and worker, sleep, and ps itself. Without the field each container gets a new PID
    namespace and its own command is PID 1. Two consequences: a container can signal or inspect
    another's processes (and read their files through /proc/PID/root), and pause, being PID 1,
    reaps the zombies. The filesystems stay separate: to share files, use a volume.
