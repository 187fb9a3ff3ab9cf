title = PID 네임스페이스 공유는 선택 사항이다
intro =
    app 파드에는 nginx와 busybox 셸 컨테이너가 있습니다. 네트워크, IPC, 호스트 이름은 함께 쓰지만 PID
    네임스페이스는 컨테이너마다 따로입니다. 셸 컨테이너에서 ps를 실행하면 자기 프로세스만 보입니다.
    파드 spec에 shareProcessNamespace: true를 넣어 셸에서 nginx의 프로세스가 보이게 만드세요. 이 필드는
    실행 중인 파드에서 바꿀 수 없으므로 파드를 삭제하고 다시 만들어야 합니다. 그런 다음 ps를 한 번 더
    실행해 보세요.
goal-shared = app 파드가 shareProcessNamespace: true로 실행 중이다(READY 2/2)
goal-saw-pause = 공유 설정된 파드의 셸 컨테이너에서 ps를 실행한다
hint-1 = kubectl exec app -c shell -- ps를 실행하면 셸 컨테이너가 볼 수 있는 프로세스가 나옵니다.
hint-2 = shareProcessNamespace는 spec 바로 아래, containers와 같은 높이에 씁니다. 실행 중인 파드에 적용하면 거부되니 먼저 파드를 삭제하세요(kubectl delete pod app). sleep이 PID 1로 실행되어 SIGTERM을 무시하기 때문에 삭제에 30초 정도 걸립니다.
hint-3 = 적용한 뒤 두 컨테이너가 뜰 때까지 몇 초 기다렸다가 kubectl exec app -c shell -- ps를 다시 실행하세요.
question-who-is-pid-1 = 새 파드는 컨테이너들이 PID 네임스페이스 하나를 함께 씁니다. 셸 컨테이너에서 ps를 실행하면 PID 1로 보이는 프로세스는 무엇일까요?
question-who-is-pid-1-pause = 샌드박스의 pause 컨테이너인 /pause
question-who-is-pid-1-nginx = nginx의 master 프로세스
question-who-is-pid-1-sleep = 이전처럼 셸 컨테이너 자신의 명령인 sleep 3600
question-who-is-pid-1-explain =
    shareProcessNamespace를 켜면 샌드박스의 pause 컨테이너가 PID 네임스페이스까지 만들기 때문에, 그
    네임스페이스의 첫 프로세스인 pause가 PID 1이 됩니다. runc는 nginx와 셸을 이 네임스페이스 안에서
    띄우고(joinsNamespaces에 pid가 추가됨), ps에는 파드의 모든 프로세스가 나옵니다. pause, nginx의 master와
    worker, sleep, 그리고 ps 자신입니다. 이 필드가 없으면 컨테이너마다 새 PID 네임스페이스를 받아 자기
    명령이 PID 1이 됩니다. 공유하면 한 컨테이너가 다른 컨테이너의 프로세스에 시그널을 보내거나 들여다볼 수
    있고(/proc/PID/root로 파일도 읽을 수 있음), PID 1인 pause가 좀비 프로세스를 거둡니다. 파일 시스템은
    여전히 분리되어 있으니 파일을 나누려면 볼륨을 쓰세요.
