title = 우선순위와 선점
intro =
    두 워커 노드가 거의 가득 찼습니다. 우선순위 클래스가 없는(우선순위 0) batch 파드가 worker-1에서
    CPU 1.5개를, medium 클래스(값 500)인 important 파드가 worker-2에서 CPU 1.5개를 차지하고 있습니다.
    편집기의 vip 파드는 CPU 한 개가 통째로 필요합니다. priorityClassName: high(값 1000)를 지정하고
    적용을 누른 뒤, kube-scheduler가 자리를 만드는 과정을 지켜보세요. 스케줄러가 희생될 파드를
    고르면 그 파드는 정상 종료 절차를 밟고, vip는 지명된(nominated) 노드가 빌 때까지 기다립니다.
goal-preempted = kube-scheduler가 batch 파드를 선점한다
goal-nominated = vip가 바인딩되지 않은 채 worker-1을 지명 노드로 두고 기다린다
goal-vip-running = vip가 우선순위 1000으로 실행되고, important 파드는 계속 실행된다
hint-1 = kubectl get priorityclasses로 클래스 목록을, kubectl get pods -o wide로 워커 노드의 파드를 확인하세요.
hint-2 = 파드 spec 아래에 priorityClassName: high를 추가하세요. 파드의 우선순위는 생성될 때 정해지므로, vip가 이미 클래스 없이 만들어졌다면 먼저 지우세요.
hint-3 = 적용한 뒤 kubectl get pods -o wide의 NOMINATED NODE 열을 보세요. 희생 파드가 사라지려면 유예 기간 30초가 걸릴 수 있습니다(sleep 35).
question-which-victim = 우선순위 1000인 vip는 어느 워커 노드에도 들어가지 않습니다. kube-scheduler는 어느 파드를 선점할까요?
question-which-victim-batch = worker-1의 batch(우선순위 0)
question-which-victim-important = worker-2의 important(우선순위 500). 가장 늦게 시작한 파드다
question-which-victim-nobody = 아무도 선점하지 않는다. vip는 워커 노드에 자리가 날 때까지 기다린다
question-which-victim-explain =
    들어갈 노드가 없으면 DefaultPreemption 플러그인(PostFilter)이 우선순위가 낮은 파드를 내보내면
    자리가 생기는 노드를 찾습니다. 0과 500 모두 1000보다 낮으므로 두 워커 노드가 후보입니다. 그중에서는
    희생될 파드들의 가장 높은 우선순위가 가장 낮은 노드, 즉 희생 파드가 우선순위 0인 batch뿐인
    worker-1을 고릅니다. 희생 파드의 시작 시각은 여기까지 따지고도 동점이 남을 때만 봅니다. batch는 DisruptionTarget
    컨디션을 받고 정상 종료(graceful) 방식으로 삭제되었습니다. sleep은 SIGTERM을 무시하므로 kubelet은
    30초 유예 기간이 끝날 때 강제로 종료했습니다. 그동안 vip는 status.nominatedNodeName이 worker-1인
    채로 Pending에 머물다가, CPU가 비자마자 바인딩되었습니다.
