title = preStop 훅이 먼저 실행된다
intro =
    편집기에 terminationGracePeriodSeconds가 30인 app 파드가 있습니다. 적용을 누르기 전에, 컨테이너에
    kubelet의 sleep 액션으로 10초를 기다리는 preStop 훅(lifecycle.preStop.sleep.seconds: 10)을
    추가하세요. 파드의 lifecycle은 만든 뒤에는 바꿀 수 없습니다. 파드가 실행되면
    kubectl delete pod app --wait=false로 삭제합니다. 훅이 언제 실행되는지,
    SIGTERM이 언제 도착하는지, 그리고 앱에게 유예 기간이 얼마나 남는지 지켜보세요.
goal-hook-first = preStop 훅이 실행되고, 그 뒤에야 SIGTERM이 앱에 도착한다
goal-clean-exit = 앱이 SIGKILL 없이 종료 코드 0으로 끝나고 app 파드가 사라진다
hint-1 = 컨테이너 아래에 lifecycle, 그 아래 preStop, 그 아래 sleep과 seconds: 10을 넣고 적용을 누르세요.
hint-2 = 파드가 시작될 때까지 몇 초 기다린 뒤 kubectl delete pod app --wait=false를 실행하세요.
hint-3 = 10초 동안 파드는 Terminating이지만 kubectl logs app에는 아직 SIGTERM이 보이지 않습니다. 12초쯤 sleep 하면 끝나는 모습을 볼 수 있습니다.
question-time-left = preStop 훅이 시작되어 10초 동안 sleep 합니다. terminationGracePeriodSeconds는 30입니다. SIGTERM 이후 SIGKILL까지 앱에게 남는 시간은 얼마일까요?
question-time-left-twenty = 약 20초. 훅이 쓴 시간도 같은 30초에서 빠진다
question-time-left-thirty = 온전한 30초. 카운트다운은 SIGTERM부터 시작한다
question-time-left-explain =
    유예 기간은 SIGTERM 이후만이 아니라 종료 과정 전체에 걸립니다. kubelet은 Killing 이벤트를
    남기고 preStop 훅을 실행해 최대 유예 기간만큼 기다린 다음, 남은 시간으로 containerd에 컨테이너
    중지를 요청합니다. 여기서는 타임아웃 20초짜리 StopContainer였습니다. 앱은 1초 만에 drain을 마치고
    0으로 종료했습니다. 훅이 유예 기간을 모두 써 버렸더라도 kubelet은 SIGTERM을 보내고 SIGKILL 전에
    마지막 2초를 줍니다. 그러니 terminationGracePeriodSeconds는 훅 시간과 앱 자체의 종료 시간을 합한
    것보다 크게 잡아야 합니다. 훅이 실패해도 종료는 멈추지 않습니다. kubelet은 FailedPreStopHook을
    기록하고 SIGTERM으로 넘어갑니다.
