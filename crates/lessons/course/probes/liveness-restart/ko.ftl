title = 어떤 프로브가 컨테이너를 재시작시키나
intro =
    shop.yaml에는 같은 앱을 띄우는 파드 hung과 busy가 서비스 shop 뒤에 있고, 둘은 똑같은
    readiness·liveness 프로브를 씁니다. 앱이 시작되고 20초쯤 지나면 hung은 /healthz가 실패하기
    시작하고(프로세스가 멈춘 상황), busy는 /ready가 실패하기 시작합니다(일이 밀려 요청을 더 받을
    수 없는 상황). 적용한 뒤 kubectl get pods로 1분쯤 지켜보면서, 실패한 프로브가 각각 무슨 일을
    하는지 확인하세요.
goal-hung-restarted = kubelet이 liveness 프로브 실패로 hung의 컨테이너를 죽이고 다시 시작한다
goal-busy-out = busy는 READY 0/1로 떨어지지만 재시작 없이 Running을 유지한다
goal-previous-log = 죽은 hung 컨테이너의 로그를 읽는다(kubectl logs hung --previous)
hint-1 =
    적용하고 sleep 10을 하면 두 파드가 Ready가 됩니다. 이어서 sleep 35 후 kubectl get pods를 다시
    실행해 READY와 RESTARTS를 비교하세요.
hint-2 =
    kubectl get events --field-selector reason=Killing에서 어떤 컨테이너가 왜 죽었는지,
    kubectl describe endpointslice -l kubernetes.io/service-name=shop에서 어느 엔드포인트가
    준비 상태에서 빠졌는지 볼 수 있습니다.
hint-3 = 재시작된 컨테이너의 이전 로그는 노드에 남아 있습니다: kubectl logs hung --previous.
question-which-restarts = 두 파드 모두 Ready입니다. 곧 hung의 liveness 프로브와 busy의 readiness 프로브가 실패하기 시작합니다. kubelet은 어느 컨테이너를 재시작할까요?
question-which-restarts-hung-only = hung만. liveness 프로브 실패는 컨테이너를 재시작시키지만 readiness 프로브 실패는 그렇지 않다
question-which-restarts-busy-only = busy만. 준비되지 않은 파드는 재시작된다
question-which-restarts-both = 둘 다. 어떤 프로브든 연속 세 번 실패하면 컨테이너를 재시작한다
question-which-restarts-explain =
    liveness 검사가 연속 세 번(failureThreshold 3, 5초 간격) 실패하자 kubelet은 hung의 컨테이너를
    죽였습니다. "Container app failed liveness probe, will be restarted"라는 Killing 이벤트를
    남기고 평소와 같은 종료 절차(SIGTERM, 30초 유예 기간이 지나도 살아 있으면 SIGKILL)를 거친
    뒤, 같은 파드 안에서 새 컨테이너를 시작했습니다. 그래서 RESTARTS가 1이 되었고, 새 컨테이너는
    readiness 프로브를 통과할 때까지 Ready가 아니었습니다. busy의 readiness 검사 실패는 Ready
    컨디션을 False로 바꿨을 뿐입니다. 엔드포인트슬라이스에서 그 엔드포인트가 ready: false가 되어
    서비스가 더는 요청을 보내지 않지만, 컨테이너는 계속 실행됩니다. /ready가 다시 200으로 답하면
    다음 검사에서 Ready가 되어 트래픽을 다시 받습니다.
