title = 실패하는 초기화 컨테이너
intro =
    web 파드의 초기화 컨테이너 prepare-pages에는 버그가 있어서 종료 코드 1로 끝납니다. 적용을 누르고
    파드를 지켜보세요. kubelet이 prepare-pages를 점점 더 오래 기다렸다가 다시 시작하기를 반복하고,
    STATUS는 Init:Error와 Init:CrashLoopBackOff를 오가며, nginx는 끝내 시작되지 않습니다. 초기화
    컨테이너의 로그에서 오류를 찾아 명령을 고친 뒤 파드를 다시 만드세요. 파드의 컨테이너는 그 자리에서
    바꿀 수 없으므로 먼저 기존 파드를 삭제해야 합니다.
goal-backoff = kubelet이 prepare-pages를 다시 시작하기 전에 백오프로 기다린다(BackOff 이벤트)
goal-read-logs = prepare-pages의 로그를 읽는다
goal-fixed = prepare-pages가 종료 코드 0으로 끝나고 web 파드가 Ready가 된다
hint-1 = kubectl logs web -c prepare-pages를 실행하면 초기화 컨테이너가 끝나기 전에 출력한 내용을 볼 수 있습니다.
hint-2 = mkdir는 -p를 주지 않으면 없는 상위 디렉터리를 만들지 않습니다. 그리고 /pages/site는 아직 없습니다.
hint-3 = web.yaml의 command를 고치고 kubectl delete pod web을 실행한 다음 적용을 다시 누르세요.
question-after-failure = prepare-pages가 종료 코드 1로 끝났습니다. 다음에는 어떤 일이 일어날까요?
question-after-failure-retry-init = kubelet이 백오프 후 prepare-pages를 다시 실행하고, nginx는 계속 기다린다
question-after-failure-start-app = 초기화 컨테이너만 실패했으니 nginx는 그냥 시작된다
question-after-failure-pod-fails = 파드 전체가 곧바로 실패한다(단계(phase) Failed)
question-after-failure-explain =
    restartPolicy가 Always(기본값이며 이 파드도 그렇습니다)나 OnFailure이면, 실패한 초기화 컨테이너는
    계속 죽는 앱 컨테이너와 똑같이 재시작됩니다. 첫 재시도는 바로 이루어지고, 그 뒤로는 시도 사이에
    10초, 20초, 40초처럼 두 배씩 늘려 최대 5분까지 기다립니다. 실패 직후 STATUS는 Init:Error이고,
    kubelet이 백오프를 기록한 뒤에는 Init:CrashLoopBackOff로 보입니다. 앱 컨테이너는 한 번도 시작되지
    않으므로 파드는 Pending에 머뭅니다. restartPolicy가 Never일 때만 초기화 컨테이너의 실패가 곧 파드의
    실패(Failed)로 이어집니다.
