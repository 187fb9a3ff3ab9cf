title = Your first pod
intro =
    The editor holds one Pod: a single nginx container. Press Apply and follow it: kube-apiserver
    authenticates you, checks RBAC, runs admission and stores the pod in etcd; kube-scheduler
    notices a pod without a node and binds it; the kubelet on that node asks containerd for a
    sandbox and the container.
goal-bound = kube-scheduler binds pod nginx to a node
goal-running = pod nginx reaches phase Running
goal-ready = pod nginx's Ready condition is True
hint-1 = Press Apply (or run kubectl apply -f nginx.yaml in the console).
hint-2 = Give the node a few seconds to pull the image: sleep 10.
question-sandbox-or-pull = The pod is bound to a node. What does the kubelet have containerd do first?
question-sandbox-or-pull-sandbox-first = Create the pod sandbox (the pause container and its IP)
question-sandbox-or-pull-pull-first = Pull the nginx image
question-sandbox-or-pull-explain =
    The kubelet creates the sandbox first: RunPodSandbox starts the pause container and the CNI
    plugin gives the pod its IP. Only then are the images pulled and the containers created inside
    the sandbox's namespaces.
