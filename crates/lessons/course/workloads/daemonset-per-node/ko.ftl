title = 데몬셋: 노드마다 파드 하나
intro =
    데몬셋에는 레플리카 수가 없습니다. 파드를 받을 수 있는 노드마다 파드를 하나씩 실행합니다. 로그
    수집기, 노드 익스포터, CNI 에이전트, kube-proxy가 이렇게 돕니다. 이 클러스터에는 컨트롤 플레인
    노드 하나와 워커 두 개가 있습니다. log-agent 데몬셋을 적용하고 파드가 어디에 뜨는지 보세요. 그다음
    podlife node add worker-3으로 노드를 하나 더하고, 마지막으로 컨트롤 플레인 노드에도 log-agent를
    띄워 보세요.
goal-new-node = 새 노드 worker-3에 log-agent 파드가 하나 생긴다
goal-control-plane = 템플릿의 톨러레이션 덕분에 컨트롤 플레인 노드에서도 log-agent가 실행된다
goal-one-each = 노드 네 개에 log-agent 파드 네 개가 모두 Ready이고 최신 템플릿이다
hint-1 = 적용을 누른 뒤 kubectl get pods -o wide의 NODE 컬럼을 보세요. podlife node add worker-3은 새 머신을 클러스터에 들입니다.
hint-2 = kubectl describe node control-plane을 보면 빠진 이유가 나옵니다. Taints: node-role.kubernetes.io/control-plane:NoSchedule.
hint-3 = 파드 템플릿의 spec에 key node-role.kubernetes.io/control-plane, operator Exists, effect NoSchedule인 톨러레이션을 더하고 다시 적용하세요.
question-where-pods = log-agent를 적용했습니다. 파드는 몇 개가 어디에서 실행될까요?
question-where-pods-workers-only = 두 개, 워커마다 하나. 컨트롤 플레인 노드는 테인트 때문에 빠진다
question-where-pods-every-node = 세 개, 컨트롤 플레인까지 노드마다 하나
question-where-pods-scheduler-spreads = kube-scheduler가 정하는 만큼, 디플로이먼트의 레플리카처럼 노드에 흩어서
question-where-pods-explain =
    워커마다 하나씩 두 개입니다. 데몬셋 컨트롤러는 노드를 하나씩 보면서 파드를 실행해야 하는 노드마다
    파드를 하나 만들고, 그 노드 이름을 가리키는 필수 노드 어피니티(matchFields metadata.name)를 붙입니다.
    그래서 스케줄러는 그 노드 하나만 확인하면 됩니다. 컨트롤러는 스케줄러의 필터와 같은 질문을 던집니다.
    컨트롤 플레인 노드에는 node-role.kubernetes.io/control-plane:NoSchedule 테인트가 있고 템플릿은
    이를 용인하지 않으므로 그곳에는 파드를 만들지 않습니다(DESIRED 2). 데몬셋 파드에는 not-ready,
    unreachable, disk-pressure, memory-pressure, pid-pressure, unschedulable 톨러레이션이 자동으로
    붙지만 이 테인트는 아닙니다. 새 노드는 Ready가 되자마자 자기 파드를 받고, 빠지는 노드는 파드를
    데리고 사라집니다. 템플릿에 톨러레이션을 넣자 컨트롤 플레인 노드도 대상이 되었고, 템플릿이
    바뀌었으므로 RollingUpdate 전략에 따라 기존 파드도 노드 하나씩(maxUnavailable 1) 교체되었습니다.
