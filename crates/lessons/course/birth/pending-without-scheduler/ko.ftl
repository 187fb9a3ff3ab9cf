title = 스케줄러 없이 Pending
intro =
    모든 컴포넌트는 API 서버를 watch하다가 보이는 변화에 반응할 뿐, 서로를 직접 호출하지 않습니다. 그중
    하나가 빠지면 어떻게 되는지 확인해 봅시다. kube-scheduler를 멈추고(podlife stop kube-scheduler)
    파드를 적용한 뒤, kubectl get pods -o wide와 kubectl describe pod web으로 살펴보세요. 그런 다음
    스케줄러를 다시 시작하고, 기다리던 파드가 어떻게 되는지 지켜보세요.
goal-pending-unbound = kube-scheduler가 멈춘 동안 web 파드가 노드 없이 Pending 상태로 있다
goal-bound-after-start = 다시 시작된 kube-scheduler가 web 파드를 바인딩한다
goal-running = web 파드의 단계(phase)가 Running이 된다
hint-1 = 먼저 콘솔에서 스케줄러를 멈추세요: podlife stop kube-scheduler. 그다음 적용을 누르세요.
hint-2 = 잠시 기다린 뒤(sleep 20) kubectl get pods -o wide의 NODE 열과 kubectl describe pod web의 Events를 비교해 보세요.
hint-3 = podlife start kube-scheduler로 다시 시작하고 몇 초 기다리세요.
question-while-stopped = kube-scheduler가 멈춰 있고 web 파드는 etcd에 저장되었습니다. 기다리면 무엇이 보일까요?
question-while-stopped-pending-no-node = Pending, NODE는 <none>, PodScheduled 컨디션도 이벤트도 없다
question-while-stopped-unschedulable = Pending, PodScheduled가 False(Unschedulable)이고 FailedScheduling 이벤트가 있다
question-while-stopped-kubelet-takes-it = 어떤 kubelet이 파드를 발견하고 자기 노드에서 직접 실행한다
question-while-stopped-explain =
    아직 아무도 이 파드를 들여다보지 않았습니다. 노드 없이 만들어진 파드에 노드를 정해 주는 것은
    스케줄러이고, 파드의 binding 서브리소스로 바인딩하면 spec.nodeName이 채워지고 PodScheduled 컨디션이
    True가 됩니다. 맞는 노드가 없으면 스케줄러는 PodScheduled를 Unschedulable 사유와 함께 False로 두고
    FailedScheduling 이벤트를 남깁니다. 멈춘 스케줄러는 둘 다
    하지 않으므로 파드는 단계가 Pending이고, 노드도 컨디션도 이벤트도 없습니다. kubelet도 손대지
    않습니다. 각 kubelet은 spec.nodeName이 자기 노드인 파드만 watch하기 때문입니다. kube-scheduler가
    시작되면 인포머가 모든 파드를 list하고, 노드가 없는 web이 스케줄링 큐에 들어가 곧바로 바인딩됩니다.
    정리하면, NODE가 <none>이고 이벤트가 없는 Pending은 이 파드를 맡은 스케줄러가 일하지 않는다는
    뜻이고(멈췄거나 spec.schedulerName이 실행 중이 아닌 스케줄러를 가리킴), FailedScheduling 이벤트가
    있다면 스케줄러가 시도했지만 맞는 노드가 없었다는 뜻입니다.
