title = containerd를 재시작해도 컨테이너는 재시작되지 않는다
intro =
    web 파드가 worker-2에서 nginx를 실행하고 있고, 앞에는 web 서비스가 있습니다. podlife node worker-2 --
    crictl ps로 컨테이너를 확인해 둔 다음, 그 노드의 컨테이너 런타임을 멈추세요: podlife stop containerd
    --node worker-2. containerd가 멈춰 있는 동안 서비스로 트래픽을 보내 보고, crictl과 kubectl이 무엇을
    보여 주는지 확인하세요. 그런 다음 containerd를 다시 시작하고, 처음에 확인해 둔 컨테이너와 비교해 보세요.
goal-runtime-restarted = worker-2의 containerd를 멈췄다가 다시 시작한다
goal-served-during-outage = containerd가 멈춘 동안 보낸 요청에 web 서비스가 모두 응답한다
goal-same-container = web 파드가 여전히 처음 컨테이너로 실행 중이다(RESTARTS 0, READY 1/1)
hint-1 = 무엇이든 멈추기 전에 podlife node worker-2 -- crictl ps --name nginx를 실행하면 컨테이너 ID, 생성 시각, ATTEMPT가 보입니다.
hint-2 = containerd가 멈춰 있는 동안 podlife traffic svc/web --rps 20 --for 10s를 실행하고 요약이 나올 때까지 기다리세요(sleep 12).
hint-3 = 30초 안에 podlife start containerd --node worker-2로 다시 시작하고, 몇 초 뒤 같은 crictl ps를 실행해 보세요.
question-container-during-outage = worker-2의 containerd가 멈췄습니다. web 파드의 nginx 컨테이너는 어떻게 될까요?
question-container-during-outage-keeps-running = 계속 실행되며 요청도 처리한다. 아무것도 바뀌지 않는다
question-container-during-outage-dies = containerd와 함께 멈춘다
question-container-during-outage-restarted-later = 계속 실행되지만 containerd가 돌아오면 kubelet이 재시작한다
question-container-during-outage-explain =
    containerd는 컨테이너를 관리하지만 부모 프로세스는 아닙니다. 컨테이너마다 containerd-shim 프로세스가
    따로 붙어 입출력을 잡고 종료를 기다리며, systemd는 containerd 데몬만 멈춥니다(KillMode=process).
    그래서 nginx는 계속 돌고 web 서비스도 계속 응답합니다. 그동안 CRI가 필요한 일은 실패합니다. crictl,
    kubectl exec, 그리고 이 노드에 새로 오는 파드(FailedCreatePodSandBox)가 그렇습니다. containerd가 다시
    시작되면 실행 중인 shim에 다시 연결하고, kubelet은 다음 relist에서 같은 컨테이너를 찾습니다. 재시작되는
    것은 없습니다. ID도 같고 ATTEMPT 0, RESTARTS 0 그대로입니다. 다만 오래 멈춰 두지는 마세요. 런타임이
    30초 동안 응답하지 않으면 kubelet이 노드를 NotReady(container runtime is down)로 보고합니다.
