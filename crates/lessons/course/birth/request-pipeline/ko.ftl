title = API 서버의 요청 파이프라인
intro =
    kubectl apply는 HTTP 요청 하나일 뿐이고, kube-apiserver는 이 요청을 정해진 순서대로 여러 단계에
    통과시킵니다. 인증(누구인가?), RBAC 인가(파드를 만들 권한이 있는가?), 변형(mutating) 어드미션
    (오브젝트를 채우거나 고치는 플러그인과 웹훅), 필드 유효성 검사, 검증(validating) 어드미션을 모두
    거친 뒤에야 etcd에 기록되고, 다른 컴포넌트들은 watch로 그 사실을 알게 됩니다. 편집기의 파드에는
    실수가 하나 있습니다. 적용한 뒤 트레이스에서 요청이 어디서 멈췄는지 찾고, 고쳐서 다시 적용하세요.
goal-refused = kube-apiserver가 처음 보낸 web 파드를 422 Invalid로 거부한다
goal-stored = 고친 web 파드가 etcd에 기록된다
goal-running = web 파드의 단계(phase)가 Running이 된다
hint-1 = 적용을 누르고 오류 메시지를 읽어 보세요. kubectl이 어느 필드가 왜 잘못됐는지 알려 줍니다.
hint-2 = containerPort는 1부터 65535 사이여야 하고, nginx는 80번 포트에서 요청을 받습니다.
hint-3 = web.yaml의 containerPort를 80으로 바꾸고 다시 적용하세요.
question-which-stage = kubectl이 방금 web 파드의 POST 요청을 보냈습니다. 이 요청은 어디서 멈출까요?
question-which-stage-authorization = RBAC 인가: 파드를 만들 권한이 없다
question-which-stage-mutating-admission = 변형 어드미션: 플러그인이 파드를 거부한다
question-which-stage-validation = 유효성 검사: 어떤 파드도 가질 수 없는 값이 필드에 들어 있다
question-which-stage-after-etcd = 멈추지 않는다: etcd에 저장된 뒤 노드에서 나중에 실패한다
question-which-stage-explain =
    지금 사용자는 cluster-admin 클러스터롤에 바인딩된 kubernetes-admin이므로 인증과 RBAC는 그대로
    통과합니다. 요청 본문을 디코딩하고(imagee처럼 없는 필드라면 여기서 이미 400 BadRequest로
    실패합니다) 기본값을 채운 뒤, 변형 어드미션 플러그인이 파드를 고칩니다. ServiceAccount는 API 토큰
    볼륨을 마운트하고, Priority는 우선순위 0을 넣고, DefaultTolerationSeconds는 300초짜리 톨러레이션
    두 개를 추가합니다. 그다음 필드 유효성 검사에서 containerPort 80000이 1–65535 범위를 벗어나므로
    요청은 422 Invalid로 끝납니다. 검증 어드미션과 etcd까지는 가지도 못합니다. 아무것도 저장되지
    않았으니 watch 이벤트도 나가지 않고, 스케줄러도 kubelet도 이 파드의 존재를 끝내 모릅니다.
