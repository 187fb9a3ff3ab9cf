title = 정상 종료: 셸 형식과 exec 형식의 PID 1
intro =
    같은 앱을 두 번 시작하고 Ready가 되면 삭제합니다. 셸 형식(sh -c /app)에서는 sh가 PID 1이고
    앱은 그 자식입니다. sh에는 SIGTERM 핸들러가 없고 커널은 PID 1이 처리하지 않는 신호를
    버리므로 앱은 종료 신호를 듣지 못하고, 30초 유예 기간이 끝나면 kubelet이 SIGKILL로 죽입니다
    (종료 코드 137). exec 형식에서는 앱 자신이 PID 1이라 SIGTERM을 받고 1초 동안 정리한 뒤 0으로
    종료합니다.
a = 셸 형식: sh -c /app
b = exec 형식: /app
expect = A는 30초 유예 기간을 다 쓰고 SIGKILL(137)로 끝납니다. B는 1초쯤 뒤 사라집니다(종료 코드 0).
