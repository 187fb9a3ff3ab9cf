title = 첫 번째 파드
intro =
    편집기에 nginx 컨테이너 하나짜리 파드가 있습니다. 적용을 누르고 따라가 보세요. kube-apiserver가
    사용자를 인증하고 RBAC를 확인한 뒤 어드미션을 거쳐 파드를 etcd에 저장합니다. kube-scheduler는
    노드가 정해지지 않은 파드를 보고 바인딩하고, 그 노드의 kubelet은 containerd에 샌드박스와
    컨테이너를 만들어 달라고 요청합니다.
goal-bound = kube-scheduler가 nginx 파드를 노드에 바인딩한다
goal-running = nginx 파드의 단계(phase)가 Running이 된다
goal-ready = nginx 파드의 Ready 컨디션이 True가 된다
hint-1 = 적용을 누르세요(콘솔에서 kubectl apply -f nginx.yaml을 실행해도 됩니다).
hint-2 = 노드가 이미지를 받을 시간을 몇 초 주세요: sleep 10.
question-sandbox-or-pull = 파드가 노드에 바인딩되었습니다. kubelet이 containerd에 가장 먼저 시키는 일은 무엇일까요?
question-sandbox-or-pull-sandbox-first = 파드 샌드박스 생성(pause 컨테이너와 IP 할당)
question-sandbox-or-pull-pull-first = nginx 이미지 풀(pull)
question-sandbox-or-pull-explain =
    kubelet은 샌드박스부터 만듭니다. RunPodSandbox가 pause 컨테이너를 띄우고 CNI 플러그인이 파드 IP를
    할당합니다. 그다음에야 이미지를 받고, 샌드박스의 네임스페이스 안에 컨테이너를 만듭니다.
