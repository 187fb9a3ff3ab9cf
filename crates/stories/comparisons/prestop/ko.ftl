title = 트래픽 중 파드 삭제: preStop sleep이 있을 때와 없을 때
intro =
    Service web 뒤의 nginx 파드 세 개가 모든 노드의 클라이언트에게서 초당 50개의 요청을 받는 동안
    web-2를 삭제합니다. preStop 훅이 없으면 kubelet은 nginx를 곧바로 멈추지만, 각 노드의
    kube-proxy는 자기 규칙이 다시 쓰일 때까지(1초 이상 뒤) web-2의 주소로 새 연결을 계속 보내고,
    그 요청들은 실패합니다. 5초 preStop sleep을 두면 모든 kube-proxy가 따라잡는 동안 nginx가 계속
    응답하고, 그다음에야 종료 신호를 받습니다.
a = preStop 훅 없음
b = 5초 preStop sleep
expect = A는 요청을 잃고(실패 1개 이상), B는 하나도 잃지 않습니다(실패 0개).
