title = 네이티브 사이드카: 먼저 시작하고 나중에 멈춘다
intro =
    shop 파드에는 restartPolicy: Always를 준 초기화 컨테이너, 곧 네이티브 사이드카가 두 개 있습니다.
    log-shipper와, 그다음의 proxy입니다. proxy는 8080 포트를 열기까지 6초가 걸리고, 그 시점을
    스타트업 프로브(startupProbe)로 알립니다. 사이드카는 일반 초기화 컨테이너와 달리 끝나기를 기다리지
    않습니다. kubelet은 사이드카가 시작되면 다음 컨테이너를 시작하고, 스타트업 프로브가 있으면 그
    프로브가 성공한 뒤에 시작합니다. 적용을 누르고 시작 과정을 따라간 다음, shop이 실행되면 파드를
    삭제하고(kubectl delete pod shop --wait=false) 컨테이너들이 어떤 순서로 멈추는지 보세요.
goal-startup-gates-app = log-shipper가 시작되고 proxy의 스타트업 프로브가 성공한 뒤에야 shop이 시작된다
goal-app-stops-first = 삭제하면 shop이 먼저 SIGTERM을 받고 종료된 뒤에 proxy가 SIGTERM을 받는다
goal-reverse-order = 첫 번째 사이드카인 log-shipper는 proxy가 종료된 뒤 마지막으로 멈춘다
hint-1 = 적용을 누르고 STATUS와 READY를 보세요. Init:1/2에 1/3이면 log-shipper는 실행 중이고 kubelet이 proxy를 기다리는 중입니다.
hint-2 = kubectl logs shop -c proxy를 실행하면 proxy가 언제 8080 포트를 여는지 볼 수 있습니다.
hint-3 = 파드가 Running 3/3이 되면 kubectl delete pod shop --wait=false로 삭제하고 kubectl get pods -w로 지켜보세요.
question-when-app-starts = proxy가 시작됐지만 8080 포트는 6초 뒤에야 엽니다. kubelet은 shop을 언제 시작할까요?
question-when-app-starts-after-startup-probe = proxy의 스타트업 프로브가 성공한 뒤에야
question-when-app-starts-right-away = 바로. 사이드카는 계속 실행되니 기다릴 것이 없다
question-when-app-starts-explain =
    사이드카는 끝나지 않으므로 kubelet은 일반 초기화 컨테이너처럼 완료를 기다릴 수 없습니다. 대신
    사이드카가 시작되기를 기다립니다. 스타트업 프로브가 없는 사이드카(log-shipper)는 실행되자마자,
    proxy는 스타트업 프로브가 성공해야 시작된 것으로 칩니다. 그래서 파드가 몇 초 동안 READY 1/3에
    Init:1/2로 보였고, 프로브가 성공하자마자 shop이 시작됐습니다.
question-who-gets-sigterm = shop 파드를 삭제했습니다. 컨테이너들은 어떤 순서로 SIGTERM을 받을까요?
question-who-gets-sigterm-app-then-sidecars = shop이 먼저, shop이 종료된 뒤 proxy, 마지막으로 log-shipper. 시작의 역순이다
question-who-gets-sigterm-all-at-once = 세 컨테이너가 동시에 받는다
question-who-gets-sigterm-sidecars-first = 사이드카가 먼저 받고 그다음 shop이 받는다
question-who-gets-sigterm-explain =
    kubelet은 앱 컨테이너부터 멈춥니다. 앱이 종료하는 동안에도 로그를 내보내고 proxy를 거쳐 통신할 수
    있어야 하기 때문입니다. 앱 컨테이너가 모두 종료된 뒤에야 사이드카가 SIGTERM을 받고, 사이드카끼리는
    spec.initContainers에 적힌 순서의 역순으로, 뒤에 있는 사이드카가 종료된 뒤에 멈춥니다. 유예
    기간은 하나를 나눠 씁니다. proxy는 30초 중 shop을 기다리며 쓴 시간을 뺀 나머지를 받았습니다.
