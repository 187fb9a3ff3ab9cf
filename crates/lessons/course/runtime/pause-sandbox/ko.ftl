title = 파드를 붙잡고 있는 pause 컨테이너
intro =
    편집기에 컨테이너가 두 개(nginx, busybox 셸)인 파드가 있습니다. 적용한 다음 kubectl get pod web -o wide로
    파드가 올라간 노드를 확인하고, 그 노드에서 containerd가 보는 모습을 살펴보세요.
    podlife node 노드이름 -- crictl pods는 샌드박스를, crictl ps -a는 그 안의 컨테이너를 보여 줍니다.
    그다음 두 컨테이너가 네트워크와 호스트 이름을 함께 쓴다는 것을 직접 확인합니다. 셸 컨테이너에서
    localhost로 nginx 페이지를 받아 보고, 두 컨테이너 모두에게 hostname을 물어보세요.
goal-running = web 파드의 두 컨테이너가 모두 실행 중이다(READY 2/2)
goal-localhost = 셸 컨테이너가 localhost로 nginx에 접속한다
goal-hostname = 두 컨테이너 모두에서 hostname을 확인한다
hint-1 = 파드를 적용한 뒤 kubectl get pod web -o wide를 실행하면 IP와 노드가 보입니다.
hint-2 = crictl은 노드에서 실행합니다: podlife node worker-2 -- crictl pods, 이어서 podlife node worker-2 -- crictl ps -a. 컨테이너들의 POD ID 열을 샌드박스 ID와 비교해 보세요.
hint-3 = busybox에는 wget이 있습니다: kubectl exec web -c shell -- wget -qO- http://localhost/ 그리고 반대편은 kubectl exec web -c nginx -- hostname.
question-how-many-sandboxes = 파드가 노드에 바인딩되었고 컨테이너는 두 개입니다. containerd는 이 파드를 위해 샌드박스(pause 컨테이너)를 몇 개 띄울까요?
question-how-many-sandboxes-one-sandbox = 파드 전체에 하나, 두 컨테이너가 모두 그 안으로 들어간다
question-how-many-sandboxes-two-sandboxes = 컨테이너마다 하나씩, 모두 두 개
question-how-many-sandboxes-explain =
    샌드박스는 컨테이너가 아니라 파드 단위로 만들어집니다. RunPodSandbox가 pause 컨테이너 하나를 띄워
    네트워크, IPC, UTS 네임스페이스를 만들고, CNI 플러그인이 그 네트워크 네임스페이스에 파드 IP를 붙입니다.
    이후 runc는 nginx와 셸 컨테이너를 이 네임스페이스에 합류시켜(joinsNamespaces: network, ipc, uts) 띄우고,
    마운트와 PID 네임스페이스만 컨테이너마다 따로 줍니다. 그래서 한 컨테이너의 localhost가 곧 다른
    컨테이너의 localhost이고, 두 컨테이너 모두 hostname에 파드 이름으로 답합니다. crictl ps -a에서도 두
    컨테이너의 POD ID가 같습니다.
