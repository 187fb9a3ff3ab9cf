title = 노드 어피니티: 맞는 레이블을 기다리는 파드
intro =
    db 파드는 disktype=ssd 레이블이 붙은 노드를 요구합니다(requiredDuringSchedulingIgnoredDuringExecution).
    그런데 그런 레이블을 가진 노드가 없습니다. 적용을 누르고 파드가 Pending에 머무는 이유를 읽어
    보세요. 그다음 워커 노드 하나에 직접 레이블을 붙이면 kube-scheduler가 다시 시도해 그 노드에
    파드를 바인딩합니다. 마지막으로 레이블을 떼어 보고, 이름 뒷부분의 IgnoredDuringExecution이 무슨
    뜻인지 확인하세요.
goal-waiting = kube-scheduler가 db의 노드 어피니티에 맞는 노드를 찾지 못한다
goal-scheduled = db가 disktype=ssd 레이블이 붙은 워커 노드에서 실행된다
goal-label-removed = db가 시작된 뒤, disktype 레이블을 가진 노드가 더는 없다
hint-1 = kubectl describe pod db에서 FailedScheduling 이벤트를, kubectl get nodes --show-labels에서 노드별 레이블을 확인하세요.
hint-2 = 워커 노드 하나에 레이블을 붙이세요: kubectl label nodes worker-1 disktype=ssd
hint-3 = 레이블 이름 끝에 마이너스를 붙이면 레이블이 지워집니다: kubectl label nodes worker-1 disktype-
question-label-gone = db가 레이블이 붙은 워커 노드에서 실행 중입니다. 그 노드에서 disktype 레이블을 떼면 db는 어떻게 될까요?
question-label-gone-keeps-running = 아무 일도 없다. 그 노드에서 계속 실행된다
question-label-gone-evicted = 노드가 조건에 더는 맞지 않으므로 중지되고 삭제된다
question-label-gone-explain =
    필수(required) 노드 어피니티는 파드를 스케줄링할 때만 검사합니다. 이름에 붙은
    IgnoredDuringExecution이 바로 그 뜻입니다. 노드에 레이블을 붙인 것은 노드 업데이트여서 db가
    스케줄러의 activeQ로 돌아갔고, NodeAffinity 필터가 레이블이 붙은 노드를 통과시켰습니다. 일단
    바인딩된 뒤에는 아무도 규칙을 다시 확인하지 않으므로, 레이블을 떼어도 실행 중인 파드는 그대로입니다.
    파드를 노드에서 떠나게 하는 것은 NoExecute 테인트, 축출, 삭제뿐입니다.
