title = 엔드포인트 경쟁 조건
intro =
    web 디플로이먼트가 web 서비스 뒤에서 nginx 파드 세 개를 돌리고 있습니다.
    podlife traffic svc/web --rps 50 --for 30s로 모든 노드에서 클라이언트를 띄우고, 요청이 오가는
    동안 파드 하나를 삭제하세요(kubectl get pods로 이름을 볼 수 있습니다). 트래픽은 끝날 때 표를
    출력하고, 그사이 kubectl get endpointslices -o wide로 서비스가 어디를 가리키는지 볼 수 있습니다.
goal-deleted-under-load = 트래픽이 흐르는 동안 web 파드 하나가 삭제된다
goal-failures = 트래픽 결과에 실패한 요청이 있다
hint-1 = podlife traffic svc/web --rps 50 --for 30s는 클라이언트를 백그라운드로 띄웁니다. 몇 초 sleep 하세요.
hint-2 = 파드 하나를 이름으로 삭제하세요. 예: kubectl delete pod web-766486c5b6-lksmp (이름은 kubectl get pods로 확인).
hint-3 = 트래픽이 끝날 때까지(시작 후 약 30초) sleep 하면 결과 표가 나옵니다.
question-still-routed = 클라이언트가 서비스로 요청을 보내는 중에 파드를 삭제합니다. 그 파드로 요청이 여전히 갈까요?
question-still-routed-routed = 간다. 잠깐 동안 일부 요청이 그 파드로 가서 실패한다
question-still-routed-not-routed = 안 간다. 파드는 멈추기 전에 서비스에서 먼저 빠진다
question-still-routed-explain =
    파드를 삭제하면 두 가지 일이 동시에 시작되고, 어느 쪽도 다른 쪽을 기다리지 않습니다. kubelet은
    곧바로 nginx를 멈춥니다. nginx는 이미지에 선언된 중지 시그널인 SIGQUIT을 받고, 리스닝 소켓을 닫고,
    몇 밀리초 만에 종료합니다. 같은 시각 엔드포인트슬라이스 컨트롤러는 해당 엔드포인트를 ready=false,
    terminating=true로 표시하고, 각 노드의 kube-proxy는 다음 동기화 때 자기 규칙에서 그 엔드포인트를
    뺍니다. 노드마다 제각각 1초에서 몇 초 뒤입니다. 그사이 그 노드들에서 맺는 연결은 여전히 파드 IP로
    가서, 처음에는 거부되고(표에서는 502로 집계), 샌드박스와 IP까지 사라진 뒤에는 응답이 없습니다
    (timeout). 롤링 업데이트에서 내려가는 옛 파드도 모두 같은 경쟁을 겪습니다.
