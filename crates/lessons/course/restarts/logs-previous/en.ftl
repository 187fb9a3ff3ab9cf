title = kubectl logs --previous
intro =
    The importer in the editor reads a file of orders; 20 seconds in, it meets a line it cannot
    parse and exits with code 1. Apply it and wait until it has been restarted once and is
    Running again. Then ask kubectl logs importer why it crashed, and after that
    kubectl logs importer --previous. Which of the two knows?
goal-read-current = after the restart, you read the log of the container running now (kubectl logs importer)
goal-read-previous = after the restart, you read the last words of the container that crashed (kubectl logs importer --previous)
hint-1 = Press Apply, then sleep 25: RESTARTS shows 1 and STATUS Running.
hint-2 = kubectl logs importer reads the container that is running now, which started only a few seconds ago.
hint-3 = The flag --previous (or -p) reads the container the kubelet has replaced.
question-what-restarts = The importer has just exited with code 1, and RESTARTS is about to show 1. What does the kubelet do?
question-what-restarts-same-container = It starts the same container again, and its log goes on where it stopped
question-what-restarts-new-container = It has containerd create a new container in the same pod, which starts with an empty log
question-what-restarts-explain =
    A restart never revives a container. The kubelet asks containerd for a new one (attempt 1,
    with a new container ID) in the same pod sandbox, and the new container writes a new log
    file: 0.log, then 1.log, in the container's directory under /var/log/pods. kubectl logs reads
    the current container; with --previous the kubelet reads the one named in
    lastState.terminated, and only that one: its garbage collector keeps a single dead
    container per container name, and removes the older ones with their logs. While a
    container waits in CrashLoopBackOff there is no current one, and plain kubectl logs falls
    back to the container that ended last. Logs you need for longer belong off the node.
