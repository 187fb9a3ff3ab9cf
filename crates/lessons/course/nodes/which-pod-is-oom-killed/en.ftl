title = Which pod is OOM-killed?
intro =
    Both pods go to worker-1, which has 4 GiB of memory and uses little of it. hog is Burstable
    (a 50Mi request, a 100Mi limit) and tries to hold 150 MB; idle is BestEffort and just sleeps.
    "BestEffort pods are killed first" is often heard: apply both and see which one the kernel
    kills. Then look at the oom_score_adj the kubelet gave each container (crictl inspect on the
    node), and give hog a memory limit it fits in.
goal-hog-oomkilled = hog's container is killed: reason OOMKilled, exit code 137
goal-idle-untouched = idle, the BestEffort pod, keeps running without a restart
goal-hog-fits = hog runs and stays ready under a larger memory limit
hint-1 = Press Apply and wait ten seconds; kubectl describe pod hog shows Last State: Terminated, Reason: OOMKilled.
hint-2 = The kubelet's bias for the node's OOM killer is in the container's spec: podlife node worker-1 -- crictl inspect ID | grep oomScoreAdj (crictl ps --name idle -q prints the ID; try kindnet, a Guaranteed pod, too).
hint-3 = A pod's resources cannot be changed by apply: kubectl delete pod hog, raise limits.memory in the tab above 150 MB (200Mi), and press Apply.
question-who-is-killed = hog (Burstable) tries to hold 150 MB under its 100Mi limit; idle (BestEffort) sits on the same node, which has plenty of free memory. Whose container will be OOM-killed?
question-who-is-killed-hog = hog's
question-who-is-killed-idle = idle's: BestEffort pods are the first to go
question-who-is-killed-nobody = Nobody's: the node still has plenty of free memory
question-who-is-killed-explain =
    hog's. A memory limit is enforced by the kernel inside the container's own cgroup
    (memory.max): when hog passed 100Mi the kernel's OOM killer ended it with SIGKILL (exit
    code 137, reason OOMKilled) however much memory the node had free, and the kubelet restarted
    it with the usual back-off. QoS classes only matter when the node as a whole runs short.
    Then the kubelet evicts pods itself, starting with those that use more memory than they
    requested (any use is more than a BestEffort pod requested); and if the kernel still has to
    kill, it picks the process with the highest oom_score, its memory use plus the oom_score_adj
    the kubelet set: 1000 for BestEffort (idle), 3 to 999 for Burstable depending on the memory
    request (988 for hog), -997 for Guaranteed (kindnet). Nodes in this cluster never run out of
    memory, so only the container-limit kill happens here.
