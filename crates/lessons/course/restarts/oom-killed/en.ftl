title = OOMKilled
intro =
    The pod in the editor runs stress, which allocates 250M (stress counts M as MiB), while its
    container's memory limit is 100Mi. Apply it and see how it ends: STATUS in kubectl get pods,
    and Last State in kubectl describe pod memory-hog. Then fix it. Applying the pod again with
    another limit is refused, because an update through apply may not change a pod's resources:
    delete the pod and apply it with a limit the program fits in, such as 300Mi.
goal-oom-killed = the stress container is OOMKilled: exit code 137, reason OOMKilled
goal-fixed = memory-hog runs with a higher memory limit and no restarts
hint-1 = Press Apply and wait ten seconds. kubectl describe pod memory-hog shows the reason and the exit code under State and Last State.
hint-2 = Try changing the limit in the editor and applying: the API server refuses it. Delete the pod first with kubectl delete pod memory-hog.
hint-3 = Set resources.limits.memory to 300Mi (250 MiB of data plus the program itself) and apply again; the restarts stay at 0.
question-who-stops-it = The container has started with a 100Mi limit and is about to allocate 250 MiB. What stops it?
question-who-stops-it-allocation-fails = The allocation fails and stress exits with an error (exit 1)
question-who-stops-it-kernel-oom-killer = The kernel's OOM killer, inside the container's cgroup: exit 137, reason OOMKilled
question-who-stops-it-kubelet-kills = The kubelet notices the usage and kills the container
question-who-stops-it-kubelet-evicts = The kubelet evicts the pod, which becomes Failed with reason Evicted
question-who-stops-it-explain =
    The memory limit becomes the memory.max of the container's cgroup. Allocations do not fail
    at the limit: when the process touches more memory than the cgroup may hold and nothing can
    be reclaimed, the kernel's OOM killer ends it with SIGKILL. The kubelet takes no part in
    the kill; it only reads the result: containerd reports exit code 137 with reason OOMKilled,
    and under restartPolicy Always the kubelet restarts the container with the usual back-off,
    so STATUS switches between OOMKilled and CrashLoopBackOff. The 50Mi request helped the
    scheduler place the pod; the limit is what the kernel enforces. Eviction is a different
    tool: the kubelet uses it when the whole node runs short of memory, and it removes whole
    pods.
