title = Running인데 트래픽이 오지 않는다
intro =
    디플로이먼트 web이 서비스 web 뒤에서 파드 두 개를 돌리고 있고, 둘 다 Running입니다.
    podlife traffic svc/web --rps 10 --for 5s로 트래픽을 보내 클라이언트가 무엇을 받는지
    확인해 보세요. 그다음 READY 열과 엔드포인트슬라이스의 컨디션
    (kubectl describe endpointslice -l kubernetes.io/service-name=web), 파드 이벤트를 살펴보고
    web.yaml의 readiness 프로브를 고쳐 적용하세요.
goal-saw-refused = Ready인 web 파드가 없는 동안 svc/web으로 보낸 트래픽이 실패한다
goal-ready = web 파드 두 개가 모두 Ready가 된다(READY 1/1)
goal-served = svc/web으로 보낸 트래픽이 모두 응답을 받는다
hint-1 =
    podlife traffic svc/web --rps 10 --for 5s를 실행하고 sleep 7로 결과 표를 기다리세요.
    kubectl get pods를 보면 READY가 0/1입니다. Running이라고 해서 Ready인 것은 아닙니다.
hint-2 =
    kubectl get events --field-selector reason=Unhealthy로 readiness 프로브가 왜 실패하는지
    보세요. 프로브는 어떤 경로를 묻고, 앱은 어떤 경로로 답하나요(web.yaml의 주석 참고)?
hint-3 =
    web.yaml에서 readiness 프로브의 path를 /ready로 바꾸고 적용하세요. 실행 중인 파드의 프로브는
    바꿀 수 없고, 파드 템플릿이 바뀌었으니 디플로이먼트가 새 파드를 롤아웃합니다.
    kubectl rollout status deployment/web으로 롤아웃이 끝나길 기다린 뒤 트래픽을 다시 보내세요.
question-where-requests-go = 두 파드 모두 Running이지만 READY는 0/1입니다. svc/web으로 보낸 요청은 어디로 갈까요?
question-where-requests-go-answered = 파드로 간다. Running이면 충분하니 앱이 응답한다
question-where-requests-go-app-503 = 파드로 가지만, 앱이 503 Service Unavailable로 답한다
question-where-requests-go-refused = 어디로도 가지 않는다. 서비스에 준비된 엔드포인트가 없어 연결이 모두 거부된다
question-where-requests-go-explain =
    readiness 프로브가 실패하는 파드는 Ready 컨디션이 False가 되고, 엔드포인트슬라이스
    컨트롤러는 그 엔드포인트를 ready: false(serving: false)로 표시합니다. kube-proxy는 서비스
    트래픽을 준비된 엔드포인트로만 보내는데, 남은 엔드포인트가 없으면 서비스 가상 IP에 REJECT
    규칙을 걸어 연결을 즉시 거부합니다(앞단에 인그레스가 있었다면 502로 보고했을 것이므로 502로 집계합니다).
    앱은 요청을 하나도 받지 못합니다. Ready인 파드가 하나라도 남아 있었다면 요청은 모두 그
    파드로 갔을 것입니다. 파드가 재시작되지도 않습니다. readiness 프로브는 파드가 트래픽을
    받을지 말지만 정합니다.
