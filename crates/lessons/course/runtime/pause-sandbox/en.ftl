title = The pause container holds the pod together
intro =
    The editor holds one pod with two containers: nginx and a busybox shell. Apply it, find its
    node with kubectl get pod web -o wide, and look at that node through containerd's eyes:
    podlife node NODE -- crictl pods lists the sandbox, crictl ps -a the containers inside it.
    Then prove that the two containers share one network and one hostname: from the shell
    container, fetch nginx's page over localhost, and ask both containers for their hostname.
goal-running = both containers of pod web are running (READY 2/2)
goal-localhost = the shell container reaches nginx over localhost
goal-hostname = you asked both containers for their hostname
hint-1 = Apply the pod, then kubectl get pod web -o wide shows its IP and its node.
hint-2 = crictl runs on the node: podlife node worker-2 -- crictl pods, then podlife node worker-2 -- crictl ps -a. Compare the POD ID column of the containers with the sandbox's.
hint-3 = busybox has wget: kubectl exec web -c shell -- wget -qO- http://localhost/ — and kubectl exec web -c nginx -- hostname for the other side.
question-how-many-sandboxes = The pod is bound to a node and has two containers. How many sandboxes (pause containers) will containerd start for it?
question-how-many-sandboxes-one-sandbox = One for the whole pod: both containers join it
question-how-many-sandboxes-two-sandboxes = One per container, two in all
question-how-many-sandboxes-explain =
    A sandbox belongs to the pod, not to a container. RunPodSandbox starts one pause container,
    which creates the network, IPC and UTS namespaces, and the CNI plugin gives that network
    namespace the pod's IP. runc then starts nginx and the shell joined to those namespaces
    (joinsNamespaces: network, ipc, uts), each with its own mount and PID namespace. That is why
    localhost in one container is localhost in the other, and why both answer hostname with the
    pod's name. crictl ps -a shows the same POD ID on both containers.
