title = 재시작해도 파드 IP는 그대로다
intro =
    app 파드가 이미 실행 중입니다. 이 파드의 liveness 프로브는 컨테이너가 시작할 때 만드는 /tmp/healthy
    파일을 읽습니다. kubectl get pod app -o wide로 파드 IP를 적어 둔 뒤, 컨테이너 안에서 이 파일을 지워
    보세요. 프로브가 세 번 실패하면 kubelet이 컨테이너를 죽이고 다시 띄웁니다. IP를 비교해 보세요.
    이어서 파드를 삭제하고 app.yaml을 다시 적용한 다음 한 번 더 비교합니다.
goal-restarted-same-ip = 컨테이너가 재시작되었고 app 파드는 IP 10.244.2.2를 유지했다
goal-recreated-new-ip = 다시 만든 app 파드가 다른 IP로 실행 중이다
hint-1 = 먼저 IP를 적어 두세요: kubectl get pod app -o wide.
hint-2 = kubectl exec app -- rm /tmp/healthy로 프로브가 읽는 파일을 지우고, 20초쯤 기다리세요(주기 5초, 실패 세 번).
hint-3 = 두 번째 단계에서는 파드를 삭제하고(kubectl delete pod app) 편집기에서 다시 적용하세요.
question-ip-after-restart = liveness 프로브가 방금 실패했습니다. 세 번째 실패 후 kubelet은 컨테이너를 죽이고 새 컨테이너를 띄웁니다. 파드 IP가 바뀔까요?
question-ip-after-restart-same-ip = 아니다. 새 컨테이너는 같은 샌드박스에 들어가므로 10.244.2.2가 유지된다
question-ip-after-restart-new-ip = 바뀐다. 재시작된 컨테이너는 CNI 플러그인에게서 새 IP를 받는다
question-ip-after-restart-explain =
    kubelet이 다시 띄우는 것은 컨테이너뿐입니다. 샌드박스는 그대로 남습니다. pause 컨테이너가 네트워크
    네임스페이스를 계속 붙잡고 있으니 CNI는 다시 호출되지 않고, runc는 새 컨테이너를 기존 네임스페이스에
    합류시켜 띄웁니다. crictl pods에는 같은 POD ID가 ATTEMPT 0으로 남아 있고, crictl ps -a에는 종료된
    컨테이너 옆에 새 컨테이너(ATTEMPT 1)가 같은 샌드박스 안에 보입니다. 파드를 삭제하면 이야기가 다릅니다.
    kubelet이 샌드박스를 정리하면서 CNI DEL로 주소를 반납하고, 새로 만든 파드(UID가 다른 새 오브젝트)는
    새 샌드박스와 다른 IP를 받습니다. 노드 재부팅처럼 샌드박스 자체가 사라질 때도 마찬가지입니다.
    그래서 클라이언트는 파드 IP가 아니라 서비스나 DNS 이름으로 파드에 접근해야 합니다.
