course-title = How a pod lives and dies
course-intro = Lessons in order, from a pod's first request to its last signal. Each one gives you a task on a small cluster and checks it as you go.

sequence-birth-title = Birth of a pod
sequence-birth-intro = From kubectl to a running container: how kube-apiserver authenticates, authorizes, admits and validates a request, how the scheduler binds the pod to a node, and how that node's kubelet starts it — and what a pod looks like when one of them is missing.

sequence-runtime-title = The runtime and the sandbox
sequence-runtime-intro = Below the kubelet, containerd and runc do the work: a pause container holds each pod's namespaces, images live in a store per node, and containers outlive the daemon that started them. Look at sandboxes with crictl, share a PID namespace, keep an IP across a restart, steer image pulls, watch a pull back off, and restart containerd without touching a container.

sequence-scheduling-title = Scheduling: where a pod lands, and why not
sequence-scheduling-intro =
    kube-scheduler filters out the nodes a pod cannot use, scores the rest and binds the pod to the
    winner. Read its FailedScheduling messages and its score table, and steer it with requests,
    taints and tolerations, affinity, spread constraints and priority.

sequence-init-and-sidecars-title = Init containers and sidecars
sequence-init-and-sidecars-intro = Before the app starts and after it stops: init containers that run one by one, fail, or wait for a dependency; native sidecars that start first and stop last; and how all of them count toward a pod's request.

sequence-status-title = Phase, state, conditions
sequence-status-intro = What a pod says about itself: the phase of the whole pod, the state of each container, its conditions, and the STATUS column kubectl builds from them, including when the node behind it goes silent.

sequence-restarts-title = Crashes and restarts
sequence-restarts-intro = When a container ends, the kubelet on its node decides what happens next: restart policies, the crash-loop back-off and when it starts over, exit codes, OOMKilled, and the logs a crashed container leaves behind.

sequence-termination-title = How a pod dies
sequence-termination-intro = Deleting a pod is a conversation between kube-apiserver, the kubelet and the container's PID 1: a deletion mark, an optional preStop hook, SIGTERM, a grace period, SIGKILL, and a race with the Service's endpoints.

sequence-nodes-title = Nodes and disruption
sequence-nodes-intro = When a node fails, is drained or runs short of memory: the taints and tolerations that time an eviction, the disruption budgets that pace a drain, and the QoS classes that decide who goes first.

sequence-probes-title = Probes: ready, alive, started
sequence-probes-intro =
    The kubelet checks every container with the probes you give it. A readiness probe decides
    whether a pod gets traffic, a liveness probe whether its container is restarted, and a startup
    probe how long a slow app may take to come up; periodSeconds and failureThreshold decide how
    soon any of them acts.

sequence-workloads-title = Workloads: controllers that keep pods alive
sequence-workloads-intro =
    You seldom create pods one by one: a controller does it for you, comparing what you asked
    for with what it sees, over and over. See a ReplicaSet heal and adopt pods by their labels,
    a Deployment roll out, get stuck and roll back, a StatefulSet keep names and order, a
    DaemonSet follow the nodes, and Jobs and CronJobs run work that finishes.
