title = 스테이트풀셋: 한 번에 순번 하나씩
intro =
    스테이트풀셋은 파드마다 고정된 정체성을 줍니다. 이름은 스테이트풀셋 이름에 순번을 붙인 것이고
    (db-0, db-1, db-2), serviceName에 지정한 헤드리스 서비스를 통해 파드마다 자기 DNS 이름
    (db-1.db.default.svc.cluster.local)도 생깁니다. 편집기의 db 스테이트풀셋은 앱이 시작하고 5초 뒤에
    Ready가 됩니다. 적용하고 파드가 어떤 순서로 나타나는지 지켜보세요. 그다음 db-1을 지우고 무엇이
    돌아오는지 보고, 마지막으로 레플리카를 하나로 줄여 보세요.
goal-all-ready = db-0, db-1, db-2가 모두 Ready다
goal-same-name = db-1을 지우면 같은 이름 db-1로 새 파드가 돌아와 Ready가 된다
goal-scaled-down = 레플리카 하나로 줄었다. db-2가 먼저 지워지고, db-1은 db-2가 사라진 뒤에야 지워졌으며, db-0이 남았다
hint-1 = 적용을 누른 뒤 몇 초마다 kubectl get pods를 실행하세요(사이에 sleep 3). kubectl get events --field-selector involvedObject.kind=StatefulSet은 생성 순서를 보여 줍니다.
hint-2 = 세 파드가 모두 Ready가 되면 kubectl delete pod db-1을 실행하고 kubectl get pods -o wide로 나이(AGE)와 IP를 전과 비교해 보세요.
hint-3 = kubectl scale statefulset db --replicas=1을 실행하고 1초 간격으로 kubectl get pods를 두 번 보세요.
question-when-db-1 = db-0이 방금 만들어졌고, 앱이 /ready에 응답하려면 5초가 필요합니다. 스테이트풀셋은 db-1을 언제 만들까요?
question-when-db-1-after-ready = db-0이 Running이고 Ready가 된 뒤에야
question-when-db-1-together = 바로. db-0, db-1, db-2를 한꺼번에 만든다
question-when-db-1-after-running = db-0의 컨테이너가 시작되자마자. Ready인지와 상관없이
question-when-db-1-explain =
    db-0이 Ready가 된 뒤입니다. podManagementPolicy가 OrderedReady이면 스테이트풀셋 컨트롤러는 순번을
    차례로 확인하다가 Running이고 Ready가 아닌 첫 파드에서 멈춥니다. db-0의 레디니스 프로브가 실패하는
    동안 db-1은 존재하지 않았습니다. 첫 프로브 성공으로 db-0이 Ready가 되자 그제야 db-1이
    만들어졌고("create Pod db-1 in StatefulSet db successful"), db-2는 db-1 다음이었습니다. db-0에
    합류하는 데이터베이스 복제본처럼 순서대로 시작해야 하는 멤버를 위한 방식입니다.
    podManagementPolicy: Parallel이면 모두 한꺼번에 만듭니다. 이 정책은 스케일링에만 적용되고
    업데이트에는 적용되지 않습니다.
question-scale-down-order = db를 레플리카 세 개에서 하나로 줄였습니다. 파드는 어떤 순서로 사라질까요?
question-scale-down-order-highest-first = db-2가 먼저. db-1은 db-2가 완전히 사라진 뒤에
question-scale-down-order-both-at-once = db-2와 db-1이 함께
question-scale-down-order-oldest-first = 가장 오래된 파드부터, 그러니 db-0이 사라진다
question-scale-down-order-explain =
    가장 큰 순번부터 하나씩입니다. 스케일 다운하면 새 레플리카 수 이상의 순번이 모두 제거 대상이 되고,
    OrderedReady에서 컨트롤러는 가장 큰 순번부터 지우되 하나가 완전히 종료될 때까지 기다린 뒤에 다음
    파드에 손을 댑니다. db-1은 db-2가 사라진 뒤에야 삭제 요청을 받았습니다. 첫 멤버인 db-0은 가장
    마지막까지 남습니다. 앞에서 db-1을 손으로 지웠을 때는 고정 정체성의 다른 절반을 보았습니다.
    컨트롤러가 빠진 순번을 같은 이름, 같은 호스트 이름으로 다시 만들었으므로
    db-1.db.default.svc.cluster.local은 의미를 그대로 유지한 채 이제 새 파드의 IP로 해석됩니다.
    volumeClaimTemplates가 있었다면 새 db-1은 같은 클레임 data-db-1에도 다시 붙었을 것입니다.
