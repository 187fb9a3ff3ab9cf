title = 노드가 보고를 멈추면
intro =
    web 파드는 worker-1에서 실행 중입니다. podlife node down worker-1로 worker-1을 컨트롤 플레인과
    끊어 보세요. 그 노드의 kubelet은 더 이상 API 서버에 닿지 못하지만 컨테이너는 계속 실행됩니다.
    무슨 일이 일어났는지 클러스터에 알려 주는 쪽은 없습니다. kube-controller-manager의 노드 컨트롤러는
    노드의 하트비트가 끊겼다는 것만 알아챕니다. 1분쯤 기다린 뒤 노드와 파드가 자신을 어떻게 보고하는지
    확인해 보세요.
goal-node-unknown = worker-1의 Ready 컨디션이 Unknown이 된다(kubectl get nodes에서는 NotReady)
goal-pod-not-ready = web의 Ready 컨디션이 False가 되고, 파드에 NodeNotReady 경고 이벤트가 남는다
goal-still-running = 그동안에도 web의 단계는 Running이고, kubectl도 여전히 Running과 1/1을 보여 준다
hint-1 = 콘솔에 podlife node down worker-1을 입력하세요.
hint-2 = 노드 컨트롤러는 하트비트 없이 50초(--node-monitor-grace-period)를 기다린 뒤에야 노드를 포기합니다. sleep 60 후 kubectl get nodes와 kubectl describe pod web을 실행해 보세요.
question-phase-when-lost = worker-1이 NotReady입니다. 컨트롤 플레인은 더 이상 이 노드의 소식을 듣지 못합니다. 지금 web의 단계는 무엇일까요?
question-phase-when-lost-running = 여전히 Running
question-phase-when-lost-unknown = Unknown
question-phase-when-lost-failed = Failed
question-phase-when-lost-explain =
    여전히 Running입니다. kubelet은 10초마다 노드의 리스(Lease)를 갱신합니다. 갱신 없이 50초가
    지나자 노드 컨트롤러가 노드의 컨디션을 Unknown으로 바꾸고, 그 노드의 파드마다 Ready를 False로
    표시했습니다(NodeNotReady 이벤트). 그래서 서비스는 이 파드로 트래픽을 보내지 않게 됩니다. 컨트롤러가
    할 수 있는 일은 여기까지입니다. 단계와 컨테이너 상태는 kubelet이 보고하는 값인데, 그 kubelet에 닿을
    수 없기 때문입니다. 그래서 파드는 마지막 단계인 Running을 유지하고, 컨테이너도 여전히 준비된 것처럼
    보입니다(READY 1/1, ContainersReady True). Unknown 단계는 API에 남아 있지만 2015년 이후로 아무도
    설정하지 않습니다. 노드가 계속 조용하면, 파드는 unreachable 테인트에 대한 300초 톨러레이션이
    끝난 뒤 축출됩니다.
