title = 테인트는 밀어내고, 톨러레이션은 들여보낸다
intro =
    두 워커 노드에는 dedicated=batch:NoSchedule 테인트가 있고, 컨트롤 플레인 노드에도 자기 테인트가
    있습니다. 적용을 누르면 web 파드는 어느 테인트도 용인하지 않으므로 Pending에 머뭅니다.
    dedicated=batch:NoSchedule에 대한 톨러레이션을 추가하고 다시 적용하세요(톨러레이션은 이미 만들어진
    파드에 추가할 수 있는 몇 안 되는 필드입니다). web이 실행되면 그 노드에 maintenance=true:NoExecute
    테인트를 걸고, NoExecute가 NoSchedule과 무엇이 다른지 확인해 보세요.
goal-repelled = web 파드가 모든 노드의 테인트에 막힌다
goal-tolerated = dedicated 톨러레이션 덕분에 web 파드가 워커 노드에서 실행된다
goal-evicted = NoExecute 테인트가 web 파드를 노드에서 축출한다
hint-1 = kubectl describe node worker-1에서 Taints를 확인하세요. 톨러레이션은 spec.tolerations 아래에 같은 key, value, effect를 적습니다.
hint-2 = 파드 spec에 key dedicated, operator Equal, value batch, effect NoSchedule인 톨러레이션을 추가하고 적용을 누르세요.
hint-3 = kubectl get pod web -o wide로 노드를 확인한 뒤 kubectl taint nodes 노드이름 maintenance=true:NoExecute로 테인트를 거세요.
question-no-execute = web은 dedicated=batch:NoSchedule만 용인합니다. 이제 web이 있는 노드에 maintenance=true:NoExecute가 추가되었습니다. web은 어떻게 될까요?
question-no-execute-evicted-now = 새 테인트를 용인하지 않으므로 곧바로 축출된다
question-no-execute-keeps-running = 계속 실행된다. 테인트는 스케줄링할 때만 따진다
question-no-execute-evicted-later = 기본 톨러레이션의 300초 동안 실행되다가 축출된다
question-no-execute-explain =
    NoSchedule은 새 파드가 들어오는 것만 막지만, NoExecute는 이미 실행 중인 파드에도 적용됩니다.
    kube-controller-manager의 테인트 축출 컨트롤러가 새 테인트를 보고, web에 맞는 톨러레이션이 없음을
    확인하자 곧바로 파드를 삭제했습니다(TaintManagerEviction 이벤트). 그다음 kubelet이 컨테이너를
    정상 종료 절차로 멈췄습니다. tolerationSeconds가 있는 톨러레이션이었다면 그 시간만큼 머물 수
    있었을 것입니다. 300초짜리 기본 톨러레이션은 not-ready와 unreachable 테인트에만 해당합니다.
