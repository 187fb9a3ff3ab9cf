title = Restarting containerd does not restart containers
intro =
    Pod web runs nginx on worker-2 behind Service web. Note its container with
    podlife node worker-2 -- crictl ps, then stop the container runtime on that node:
    podlife stop containerd --node worker-2. While containerd is down, send traffic to the
    Service and check what crictl and kubectl say. Then start containerd again and compare the
    container with what you noted.
goal-runtime-restarted = containerd on worker-2 was stopped and started again
goal-served-during-outage = Service web answered every request sent while containerd was down
goal-same-container = pod web still runs its first container (RESTARTS 0, READY 1/1)
hint-1 = Before you stop anything, podlife node worker-2 -- crictl ps --name nginx shows the container's ID, when it was created and its ATTEMPT.
hint-2 = While containerd is stopped, run podlife traffic svc/web --rps 20 --for 10s and wait for its summary (sleep 12).
hint-3 = Start it again within half a minute with podlife start containerd --node worker-2, wait a few seconds, and run the same crictl ps.
question-container-during-outage = containerd on worker-2 has stopped. What happens to the nginx container of pod web?
question-container-during-outage-keeps-running = It keeps running and serving; nothing about it changes
question-container-during-outage-dies = It stops together with containerd
question-container-during-outage-restarted-later = It keeps running, but the kubelet restarts it once containerd is back
question-container-during-outage-explain =
    containerd manages containers but is not their parent. Each container runs under its own
    containerd-shim process, which holds its input and output and waits for it to exit, and
    systemd stops only the containerd daemon (KillMode=process). So nginx keeps running and
    Service web keeps answering. What needs the CRI fails meanwhile: crictl, kubectl exec, and
    any new pod on the node (FailedCreatePodSandBox). When containerd starts again it reconnects
    to the running shims, the kubelet's next relist finds the same container, and nothing is
    restarted: same ID, ATTEMPT 0, RESTARTS 0. Do not leave it down for long, though: after
    30 seconds without an answer from the runtime the kubelet reports the node NotReady
    (container runtime is down).
