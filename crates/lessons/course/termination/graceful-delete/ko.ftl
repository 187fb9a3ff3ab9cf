title = 파드 삭제와 graceful 종료
intro =
    app 파드가 실행 중입니다. 이 앱은 SIGTERM을 받으면 5초 동안 처리 중이던 요청을 마무리(drain)하고
    종료합니다. kubectl delete pod app --wait=false로 삭제하고(--wait=false가 없으면 kubectl은 파드가
    사라질 때까지 기다립니다), 파드가 사라지는 동안 kubectl get pod app, 파드의 metadata,
    kubectl logs app을 살펴보세요. 트레이스에서는 누가 파드에 삭제 표시를 하고, 누가 컨테이너를
    멈추고, 누가 마지막에 오브젝트를 지우는지 따라가 보세요.
goal-marked = kube-apiserver가 app 파드에 삭제 표시를 한다: deletionTimestamp 설정, deletionGracePeriodSeconds 30, STATUS Terminating
goal-sigterm = kubelet이 컨테이너를 멈추고 SIGTERM이 앱에 도착한다
goal-removed = 컨테이너가 종료되고 app 파드가 etcd에서 사라진다
hint-1 = 기다리지 않고 삭제하세요: kubectl delete pod app --wait=false.
hint-2 = Terminating인 동안 kubectl get pod app -o yaml을 실행해 metadata 아래의 deletionTimestamp와 deletionGracePeriodSeconds를 찾아보세요. kubectl logs app에는 SIGTERM을 받은 기록이 보입니다.
hint-3 = 앱이 drain하는 데 5초가 걸립니다. sleep 8 후에 kubectl get pod app을 실행하면 NotFound가 나옵니다.
question-when-removed = kube-apiserver가 DELETE 요청을 받아들였습니다. app 파드는 언제 etcd에서 사라질까요?
question-when-removed-at-once = 즉시. DELETE가 오브젝트를 지우고, 정리는 kubelet이 나중에 한다
question-when-removed-after-grace = 30초의 유예 기간이 끝나는 순간
question-when-removed-after-exit = kubelet이 컨테이너를 멈추고 그 결과를 보고한 뒤에야
question-when-removed-explain =
    graceful DELETE는 파드에 표시만 합니다. kube-apiserver는 deletionTimestamp(지금 시각 + 유예 기간)와
    deletionGracePeriodSeconds(terminationGracePeriodSeconds에서 온 30)를 기록하고, kubectl은
    deletionTimestamp가 있는 실행 중인 파드를 Terminating으로 보여 줍니다. Terminating은 단계(phase)가
    아닙니다. 노드의 kubelet이 이 변경을 보고 containerd에 컨테이너 중지를 요청하면(StopContainer,
    타임아웃 30초) containerd가 이미지의 중지 시그널인 SIGTERM을 컨테이너의 PID 1에 보냅니다. 앱은
    5초 동안 drain한 뒤 종료했습니다. 그러자 kubelet이 마지막 상태를 기록하고 유예 기간 0으로 직접
    DELETE를 보냈고, 그제서야 파드가 etcd에서 지워졌습니다. 30초는 상한이지 기다려야 하는 시간이
    아닙니다.
