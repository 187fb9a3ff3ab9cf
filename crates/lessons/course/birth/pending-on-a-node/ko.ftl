title = 노드가 정해진 Pending
intro =
    파드가 Pending인 이유는 전혀 다른 두 가지일 수 있고, NODE 열이 그 둘을 구분해 줍니다. worker-1의
    kubelet을 서비스가 죽은 것처럼 멈춰 두었습니다. 노드 자체와 containerd, 이미 떠 있는 파드는 계속
    실행됩니다. worker-1을 요구하는 web.yaml을 적용하고, kubectl get pods -o wide, kubectl describe pod
    web, 노드의 샌드박스 목록(podlife node worker-1 -- crictl pods)을 앞 레슨과 비교해 보세요. 그런 다음
    파드를 Running으로 만드세요.
goal-bound-not-started = web 파드가 worker-1에 바인딩되었지만 어떤 kubelet도 손대지 않은 채 Pending이다
goal-kubelet-back = worker-1의 kubelet이 다시 실행된다
goal-running = web 파드의 단계(phase)가 worker-1에서 Running이 된다
hint-1 = 적용을 누르고 잠시 기다린 뒤(sleep 15) NODE 열과 파드의 이벤트를 보세요.
hint-2 = 마지막 이벤트는 Scheduled입니다. 스케줄러는 자기 몫을 했습니다. worker-1에서 컨테이너를 시작하는 컴포넌트는 무엇일까요?
hint-3 = podlife start kubelet --node worker-1로 다시 시작하고 몇 초 기다리세요.
question-kubelet-down =
    web 파드가 저장되었습니다. worker-1의 kubelet은 멈춰 있지만 kubectl get nodes에는 아직 worker-1이
    Ready로 나옵니다. 몇 초 뒤 kubectl get pods -o wide에서 web은 어떻게 보일까요?
question-kubelet-down-pending-on-worker-1 = Pending, NODE는 worker-1
question-kubelet-down-pending-no-node = Pending, NODE는 <none>: 스케줄러는 kubelet이 멈춘 노드에 바인딩하지 않는다
question-kubelet-down-container-creating = worker-1에서 ContainerCreating
question-kubelet-down-explain =
    스케줄러는 API 서버를 통해서만 노드를 알고, worker-1의 노드 오브젝트는 아직 Ready라고 말합니다.
    노드 컨트롤러는 하트비트 없이 50초(node-monitor-grace-period)를 기다린 뒤에야 노드를 NotReady로
    표시합니다. 그래서 web은 worker-1에 바인딩되고 Scheduled 이벤트도 기록되지만, 그다음에는 아무 일도
    일어나지 않습니다. worker-1에서 컨테이너를 시작하는 것은 worker-1의 kubelet뿐이기 때문입니다. 파드는
    NODE가 worker-1인 채로 IP도 컨테이너 상태도 없이 Pending에 머물고, crictl pods에도 샌드박스가 없습니다.
    ContainerCreating이라면 이미 kubelet이 일하고 있다는 뜻입니다. 샌드박스를 만들고 이미지나 컨테이너를
    기다리는 중인 것이죠. 정리하면, NODE가 <none>인 Pending은 스케줄러 쪽을, 노드가 정해진 Pending은 노드
    쪽(kubelet, containerd, CNI)을 봐야 합니다. kubelet이 다시 시작되면 자기 노드에 바인딩된 파드를
    list해서 web을 곧바로 시작합니다.
