title = 노드가 내려가면
intro =
    web 디플로이먼트는 워커마다 하나씩, 레플리카 두 개를 실행합니다. podlife node down worker-1로
    worker-1을 네트워크에서 떼어 내고, 디플로이먼트에 준비된 파드가 다시 두 개가 될 때까지
    기다려 보세요. 그동안 컨트롤 플레인이 응답 없는 노드에 무엇을 붙이는지(kubectl describe node
    worker-1의 Taints 줄), 그리고 모든 파드가 어떤 톨러레이션을 갖고 있는지(kubectl describe pod의
    Tolerations 줄) 살펴보세요. 시간이 좀 걸립니다. 쿠버네티스가 일부러 서두르지 않는 부분입니다.
goal-tainted = worker-1에 node.kubernetes.io/unreachable:NoExecute 테인트가 붙는다
goal-evicted = worker-1의 파드가 축출된다(TaintManagerEviction 이벤트)
goal-replaced = web에 준비된 파드가 다시 두 개 있고, 둘 다 worker-2에 있다
hint-1 = 콘솔에 podlife node down worker-1을 입력하고, 1분쯤 기다린 뒤 kubectl describe node worker-1을 실행하세요.
hint-2 = 모든 파드는 DefaultTolerationSeconds 어드미션 플러그인에게서 node.kubernetes.io/unreachable:NoExecute에 대한 300초짜리 톨러레이션을 받습니다. kubectl describe pod의 Tolerations에 보입니다.
hint-3 = 톨러레이션이 끝날 때까지 기다리세요. sleep 300 후 kubectl get pods -o wide.
question-when-replaced = worker-1이 NotReady이고 node.kubernetes.io/unreachable:NoExecute 테인트가 붙었습니다. 디플로이먼트는 그 노드에 있던 파드를 언제 대체할까요?
question-when-replaced-right-away = 몇 초 안에: NoExecute 테인트는 노드의 파드를 축출하니까
question-when-replaced-after-toleration = 5분쯤 뒤, 파드의 테인트 톨러레이션 시간이 끝났을 때
question-when-replaced-when-node-returns = worker-1이 내려가 있는 동안은 안 된다: 노드가 돌아오거나 누군가 파드를 지워야 한다
question-when-replaced-explain =
    5분쯤 뒤입니다. 마지막 하트비트 후 50초가 지나자 노드 컨트롤러는 worker-1을 NotReady로 표시하고
    node.kubernetes.io/unreachable 테인트를 붙였습니다. NoSchedule은 곧바로 붙어 새 파드가 그 노드로
    가지 못하게 하고, NoExecute는 몇 초 뒤에 붙습니다. NoExecute 테인트는 이를 견디지 못하는 파드를
    모두 축출하지만, DefaultTolerationSeconds 어드미션 플러그인이 모든 파드에 이 테인트를 300초 동안
    견디는 톨러레이션을 넣어 둡니다. 잠깐 연락이 끊긴 노드가 파드를 잃지 않게 하려는 것입니다. 300초가
    지나자 테인트 축출 컨트롤러가 파드를 삭제했고(TaintManagerEviction 이벤트), 레플리카셋은 그 파드를
    더 이상 세지 않고 대체 파드를 만들었으며, 스케줄러가 이를 worker-2에 배치했습니다. 예전 파드는
    kubelet이 중지를 확인해 줄 수 없으므로 Terminating으로 남습니다. 더 빨리 넘어가게 하려면 파드
    템플릿에 더 짧은 tolerationSeconds를 지정하면 됩니다.
