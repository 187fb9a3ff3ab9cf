title = 스케줄링 게이트: 아직은 안 돼
intro =
    report 파드에는 스케줄링 게이트 example.com/quota가 붙어 있습니다. "아직 나를 스케줄링하지
    마세요"라는 표시로, 쿼터나 배치 컨트롤러가 파드의 차례가 오면 떼어 냅니다. 적용한 뒤 STATUS와
    이벤트를 확인하고, 이어서 그 컨트롤러 역할을 해 보세요. kubectl patch로 게이트를 지우면
    스케줄러가 곧바로 파드를 가져가는 것을 볼 수 있습니다.
goal-gated = kubectl에서 report 파드가 SchedulingGated로 보인다
goal-released = 게이트가 사라지고 report 파드가 실행된다
hint-1 = 적용한 뒤 kubectl get pod report -o wide와 kubectl describe pod report를 실행해 보세요.
hint-2 = 게이트는 지울 수만 있고, 이미 있는 파드에 새로 붙일 수는 없습니다. JSON 패치로 목록 전체를 지우세요: kubectl patch pod report --type=json -p '[{"{"}"op":"remove","path":"/spec/schedulingGates"{"}"}]'
question-gated-events = report 파드가 SchedulingGated 상태입니다. 기다리는 동안 이벤트에는 무엇이 나올까요?
question-gated-events-no-events = 아무것도 없다: 스케줄러가 시도조차 하지 않는다
question-gated-events-failed-scheduling = 자리가 없는 파드처럼 FailedScheduling 경고가 쌓인다
question-gated-events-explain =
    kube-apiserver는 파드를 만들 때 PodScheduled=False, reason SchedulingGated 컨디션을 붙이고,
    kube-scheduler의 SchedulingGates 플러그인은 게이트가 남은 파드를 활성 큐에 넣지 않습니다.
    스케줄링 사이클이 돌지 않으니 FailedScheduling 이벤트도, 기다려야 할 재시도 백오프도
    없습니다. spec.schedulingGates를 비우는 업데이트가 파드를 곧바로 큐에 넣고, 다음 사이클에서
    바인딩됩니다. 스케줄러가 자리를 찾지 못한 파드와 달리, 게이트가 걸린 파드는 스케줄러에 아무
    부담도 주지 않습니다.
