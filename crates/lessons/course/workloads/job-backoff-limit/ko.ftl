title = 실패하는 잡과 backoffLimit
intro =
    잡은 한 번 실패했다고 포기하지 않습니다. 실패한 파드를 새 파드로 바꾸고, backoffLimit은 멈추기
    전까지 실패를 몇 번 받아들일지 정합니다. 편집기의 migrate 잡은 파드가 언제나 1로 끝나고,
    backoffLimit은 2, restartPolicy는 Never입니다. 적용한 뒤 잡이 실패할 때까지 40초쯤 파드와
    컨디션을 지켜보세요. 그다음 명령이 0으로 끝나도록 고쳐 잡을 다시 실행해 보세요.
goal-gave-up = migrate 잡이 실패한다. FailureTarget, 그다음 Failed, 둘 다 reason BackoffLimitExceeded
goal-three-failed-pods = 포기하는 시점에 잡에는 실패한 파드가 세 개 있다
goal-fixed = 명령을 고친 뒤 새로 실행한 migrate 잡이 Complete가 된다
hint-1 = 적용을 누른 뒤 10초쯤마다 kubectl get pods를 실행해 새 파드가 언제 나타나는지 보세요. kubectl get events --field-selector involvedObject.kind=Job은 생성 이벤트와 마지막 경고를 보여 줍니다.
hint-2 = 잡의 파드 템플릿은 만든 뒤에 바꿀 수 없습니다. 고친 잡을 적용하기 전에 잡을 지우세요(kubectl delete job migrate).
hint-3 = 탭에서 exit 1을 exit 0으로 바꾸고(원하면 메시지도) 적용을 누르세요.
question-how-many-tries = 첫 migrate 파드가 방금 종료 코드 1로 끝났습니다. backoffLimit이 2일 때, 잡이 포기할 때까지 만든 파드는 몇 개일까요?
question-how-many-tries-three-pods = 세 개. 첫 파드와 대체 파드 두 개
question-how-many-tries-two-pods = 두 개. 첫 파드와 대체 파드 하나
question-how-many-tries-one-pod-restarted = 하나. kubelet이 그 자리에서 재시작한다
question-how-many-tries-explain =
    세 개입니다. backoffLimit은 실패한 파드를 세고, 그 수가 한도를 넘으면 잡이 실패합니다. 첫 파드와
    대체 파드 두 개, 세 번째 실패가 한도를 넘는 하나입니다. restartPolicy가 Never이면 kubelet은
    컨테이너를 재시작하지 않으므로 재시도는 매번 새 파드입니다(OnFailure라면 같은 파드 안에서
    컨테이너를 재시작하고, 그 재시작 횟수를 대신 셉니다). 대체 파드가 곧바로 생기지도 않았습니다. 잡
    컨트롤러는 새 파드를 만들기 전에 기다립니다. 첫 실패 뒤 10초, 그다음 20초, 이렇게 두 배씩 최대
    10분까지 늘어납니다. 세 번째 실패 뒤 FailureTarget(reason BackoffLimitExceeded, 메시지 "Job has
    reached the specified backoff limit")을 붙였고, 실행 중인 파드가 남지 않자 Failed를 붙이며 Warning
    이벤트 BackoffLimitExceeded를 남겼습니다. 실패한 파드는 남겨 두므로 kubectl logs로 원인을 계속 볼 수
    있습니다.
