title = Forbidden: 인가
intro =
    모든 요청이 클러스터 관리자에게서 오는 것은 아닙니다. jane은 default 네임스페이스의 파드를 볼 수만
    있으면 되는 개발자입니다. 콘솔에서 kubectl get pods --as=jane을 실행해 보세요. kube-apiserver는
    jane이 누구인지는 알지만, RBAC에는 jane이 파드를 list해도 된다는 규칙이 없습니다. 편집기에 jane을
    위한 롤과 롤바인딩이 있습니다. 적용하고 다시 시도한 뒤, 아직 빠진 것을 고치세요.
goal-forbidden = kube-apiserver가 jane의 파드 목록 요청을 거부한다(403 Forbidden)
goal-bound = 롤바인딩 jane-reads-pods가 롤을 jane에게 바인딩한다
goal-allowed = RBAC가 jane에게 default의 파드 목록 조회를 허용한다
hint-1 = 먼저 kubectl get pods --as=jane을 실행하고, 적용을 누른 뒤 다시 실행하세요. 오류 메시지의 동사(verb)를 읽어 보세요.
hint-2 = kubectl get pods는 컬렉션 전체를 조회하고(동사 list), kubectl get pod web은 파드 하나를 읽습니다(동사 get). 이 롤은 get만 허용합니다.
hint-3 = 롤의 verbs에 "list"와 "watch"를 추가하고 적용을 누른 뒤, kubectl get pods --as=jane을 다시 실행하세요.
question-after-binding = 롤과 롤바인딩이 저장되었습니다. 이제 kubectl get pods --as=jane이 될까요?
question-after-binding-now-allowed = 된다: jane이 파드에 관한 롤에 바인딩되었다
question-after-binding-still-forbidden = 안 된다: 여전히 403 Forbidden이다
question-after-binding-explain =
    RBAC는 규칙 단위로 권한을 더하기만 하고, 규칙은 동사를 정확히 적어야 합니다. kubectl get pods는
    컬렉션 전체를 요청하므로 동사가 list이고, kubectl get pod web은 오브젝트 하나를 읽으므로 get입니다.
    pod-reader는 get만 허용하므로 jane은 이름으로 web 파드를 읽을 수는 있지만 목록 조회는 여전히
    거부되고, 메시지에도 cannot list resource "pods"라고 동사가 나옵니다. 인증은 처음부터 문제가
    아니었습니다. --as=jane을 쓰면 kubernetes-admin이 자기 인증서로 인증한 뒤 jane으로 가장
    (impersonate)하고, RBAC는 jane(그룹 system:authenticated)을 기준으로 판단합니다. 롤에 list와
    watch를 넣으면 같은 명령이 인가를 통과합니다. 롤바인딩이므로 권한은 default 네임스페이스에만
    적용되어, kubectl get pods -A --as=jane은 여전히 거부됩니다.
