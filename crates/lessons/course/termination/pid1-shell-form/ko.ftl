title = PID 1은 누구인가
intro =
    app 파드는 앱을 셸 형식(sh -c /app)으로 실행합니다. Dockerfile에서 CMD를 대괄호 없이 쓰면
    만들어지는 형태도 이것입니다. 먼저 컨테이너의 PID 1이 누구인지 확인하고
    (kubectl exec app -- cat /proc/1/comm), 파드를 삭제하면서 kubectl delete가 얼마나 걸리는지
    보세요. 그다음 app.yaml을 exec 형식(command: ["/app"])으로 바꿔 적용하고 다시 삭제해 보세요.
goal-shell-killed = sh가 PID 1이면 SIGTERM이 사라지고, 30초 뒤 SIGKILL이 파드를 끝낸다
goal-exec-graceful = 앱이 PID 1이면 SIGTERM을 받아 종료 코드 0으로 끝난다
hint-1 = kubectl exec app -- cat /proc/1/comm이 PID 1의 이름을 보여 줍니다. 그다음 kubectl delete pod app을 실행하고 끝날 때까지 기다리세요.
hint-2 = 파드가 사라지면 command를 command: ["/app"]로 바꾸고(command를 지워도 됩니다. 이미지의 ENTRYPOINT가 /app입니다) 적용하세요.
hint-3 = PID 1을 다시 확인하고 파드를 삭제해 보세요. 이번에는 1초쯤이면 사라집니다.
question-how-soon = kubelet이 컨테이너를 멈추는 중입니다. containerd가 PID 1인 sh에 SIGTERM을 보냅니다. 앱은 언제 멈출까요?
question-how-soon-about-a-second = 1초쯤 뒤. sh가 SIGTERM을 앱에 넘겨 주고 앱이 drain한다
question-how-soon-after-thirty = 30초가 지나 SIGKILL이 컨테이너 전체를 끝낼 때에야
question-how-soon-explain =
    중지 시그널은 컨테이너의 PID 1에게만 갑니다. 여기서 PID 1은 /app을 자식으로 띄워 둔 sh였고,
    sh에는 SIGTERM 핸들러가 없었습니다. 커널은 PID 네임스페이스의 init 프로세스가 처리하지 않는
    시그널은 전달하지 않습니다(바깥에서 보낸 SIGKILL과 SIGSTOP만 예외). 그래서 SIGTERM은 그냥
    사라졌고, 앱은 아무것도 모른 채 요청을 계속 받다가 유예 기간이 끝나자 SIGKILL로 컨테이너와 함께
    끝났습니다(종료 코드 137). exec 형식에서는 앱이 PID 1이 되어 SIGTERM을 처리하고, drain한 뒤 0으로
    종료합니다. sh -c가 PID 1로 남는지는 셸에 따라 다릅니다. Debian과 Ubuntu의 /bin/sh인 dash는 이
    이미지의 sh처럼 앱을 자식으로 두고 자신이 남지만, busybox ash와 bash는 단순 명령 하나라면 그 명령으로
    자신을 대체합니다. 여기에 기대지 말고 exec 형식을 쓰거나, 래퍼 스크립트의 마지막 명령 앞에 exec를
    붙이거나, tini처럼 시그널을 전달해 주는 작은 init을 쓰세요.
compare =
    비교를 열면 같은 출발점에서 두 형식을 함께 실행하고 같은 순간에 파드를 삭제합니다. A는 셸 형식,
    B는 exec 형식입니다. 결과 표의 ‘삭제부터 사라질 때까지’를 보세요. A는 30초 유예 기간을 다 쓰고
    SIGKILL로 끝나며(종료 코드 137), B는 1초쯤 만에 종료 코드 0으로 사라집니다. SIGKILL은 A에만 있는
    반응 목록에 보입니다.
