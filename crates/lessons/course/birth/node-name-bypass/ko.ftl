title = spec.nodeName: 스케줄러를 건너뛰기
intro =
    kube-scheduler가 멈춰 있고, 이 레슨 내내 멈춘 채로 둡니다. 그래도 web 파드를 control-plane 노드에서
    실행해 보세요. 스케줄러가 하는 일은 결국 spec.nodeName 필드 하나를 쓰는 것이고, kubelet은 누가
    썼든 spec.nodeName이 자기 노드인 파드를 모두 실행합니다. web.yaml을 고쳐 적용한 뒤 파드의 이벤트를
    살펴보세요.
goal-pinned = web 파드가 spec.nodeName이 control-plane인 채로 저장된다
goal-running-unscheduled = kube-scheduler를 한 번도 거치지 않고 web 파드가 control-plane에서 실행된다
hint-1 = 필드는 파드의 spec 안, containers 옆에 들어갑니다.
hint-2 = web.yaml의 spec 아래에 nodeName: control-plane을 추가하고 적용을 누르세요.
hint-3 = 몇 초 기다린 뒤(sleep 8) kubectl describe pod web을 보세요. 어떤 이벤트가 있고, 어떤 이벤트가 빠져 있나요?
question-noschedule-taint =
    control-plane 노드에는 node-role.kubernetes.io/control-plane:NoSchedule 테인트가 있고, web 파드에는
    이 테인트에 대한 톨러레이션이 없습니다. control-plane의 kubelet은 이 파드를 어떻게 할까요?
question-noschedule-taint-runs-it = 실행한다: 샌드박스를 만들고, 이미지를 받고, 컨테이너를 시작한다
question-noschedule-taint-rejects-it = 테인트 때문에 거부한다: 파드는 Failed로 끝난다
question-noschedule-taint-waits-for-scheduler = kube-scheduler가 돌아와 승인할 때까지 기다린다
question-noschedule-taint-explain =
    NoSchedule 테인트는 스케줄러가 지키는 규칙인데, 이 파드는 스케줄러를 만난 적이 없습니다.
    스케줄러는 spec.nodeName이 비어 있는 파드만 큐에 넣기 때문입니다. kubelet은 자기만의 더 짧은
    목록으로 파드를 어드미션하는데, 테인트 중에서는 NoExecute(실행 중인 파드까지 축출하는 테인트)만
    봅니다. 그래서 샌드박스를 만들고 nginx를 시작합니다. 이벤트를 보면 kubelet이 남긴 Pulling, Pulled,
    Created, Started만 있고 default-scheduler의 Scheduled는 없습니다. 실제 쿠버네티스에서 kubelet의
    어드미션은 그래도 파드의 요청량이 노드의 할당 가능한 CPU와 메모리에 들어가는지(들어가지 않으면
    OutOfcpu나 OutOfmemory 사유로 Failed가 됩니다), nodeSelector와 노드 어피니티, 호스트 포트는
    확인합니다. spec.nodeName을 직접 쓰면 필터링, 점수 매기기, 선점을 모두 건너뜁니다. 데몬셋도 예전에는
    이렇게 했지만, 지금은 노드 어피니티를 써서 이 일을 스케줄러에게 맡깁니다.
