title = 재시작까지 얼마나 걸릴까
intro =
    app.yaml의 앱은 시작하고 30초 뒤에 고장 나서 그때부터 /healthz가 500으로 답합니다. liveness
    프로브는 10초마다(periodSeconds) 검사하고, 연속 3번(failureThreshold) 실패하면 조치합니다.
    적용하고 kubelet이 언제 컨테이너를 재시작할지 예측해 보세요. 그다음 앱이 고장 나고 15초 안에
    재시작되도록 프로브를 조정해 다시 실행하세요. 파드의 프로브는 그 자리에서 바꿀 수 없으니 먼저
    파드를 지워야 합니다.
goal-restarted-default = periodSeconds 10, failureThreshold 3으로 kubelet이 고장 난 앱을 재시작한다
goal-within-15s = 15초 안에 조치하는 liveness 프로브(periodSeconds × failureThreshold ≤ 15)를 단 파드 app이 재시작된다
hint-1 =
    적용한 뒤 sleep 45, sleep 20을 하면서 그때마다 kubectl get pods를 실행하세요.
    kubectl get events --field-selector involvedObject.name=app에서 Unhealthy 이벤트(x3)와
    Killing을 볼 수 있습니다.
hint-2 =
    앱이 고장 나면 첫 번째 실패 검사는 한 주기 안에 오고, kubelet은 연속 failureThreshold번째
    실패에서 조치합니다. 즉 고장 나고 늦어도 periodSeconds × failureThreshold 뒤입니다. 이 곱을
    15초 이하로 만드세요.
hint-3 =
    app.yaml에서 periodSeconds를 5로 바꾸고 failureThreshold는 3으로 둡니다. 그다음
    kubectl delete pod app으로 지우고 적용한 뒤 50초쯤 기다리세요.
question-when-restart = 앱은 시작하고 30초 뒤에 고장 납니다. kubelet은 언제 컨테이너를 재시작할까요?
question-when-restart-first-failure = 시작 후 30~40초: 500을 받은 첫 검사에서
question-when-restart-third-failure = 시작 후 50~60초: 연속 세 번째로 실패한 검사에서, 즉 고장 나고 20~30초 뒤
question-when-restart-never = 재시작하지 않는다. 프로세스가 아직 살아 있으니 재시작할 이유가 없다
question-when-restart-explain =
    kubelet은 자기만의 10초 주기로 프로브를 실행하므로, 500을 받는 첫 검사는 앱이 고장 나고
    10초 안의 어느 시점에 옵니다. 실패 한 번으로는 아무 일도 일어나지 않습니다. kubelet은 검사가
    연속 failureThreshold번 실패해야, 여기서는 세 번째 실패에서야 조치하므로 고장 나고 20~30초
    뒤입니다. 그러면 컨테이너를 죽이고(Killing, "failed liveness probe") 새 컨테이너를 시작하며,
    새 컨테이너도 고장 나기 전까지는 검사를 통과합니다. 정리하면 실패는 시작되고
    (failureThreshold − 1) × periodSeconds에서 failureThreshold × periodSeconds 사이에
    조치됩니다. 주기를 줄이거나 임계값을 낮추면 더 빨리 반응하지만, 잠깐 느려졌을 뿐인 앱까지
    재시작할 수 있습니다. 모든 검사는 timeoutSeconds(기본 1초) 안에 응답을 받아야 하고,
    failureThreshold가 1이면 느린 응답 한 번으로 재시작됩니다.
