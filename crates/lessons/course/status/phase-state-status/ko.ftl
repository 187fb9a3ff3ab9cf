title = 단계(phase), 컨테이너 상태, 그리고 STATUS
intro =
    파드의 status에는 파드 전체의 단계(phase)와 컨테이너마다의 상태(state)가 있고, kubectl get pods의
    STATUS 컬럼은 그 둘 중 어느 것도 아닙니다. 편집기에는 제대로 뜨지 못하는 파드 두 개가 있습니다.
    crasher의 컨테이너는 시작하고 2초 뒤 종료 코드 1로 끝나고, typo는 존재하지 않는 nginx 태그를
    요청합니다. 적용을 누른 뒤 파드마다 STATUS 컬럼, 파드의 단계(kubectl describe pod의 Status 줄),
    컨테이너 상태(컨테이너 아래의 State와 Reason)를 비교해 보세요. crasher는 재시작 간격이 점점
    벌어지므로 몇 분 기다려야 합니다.
goal-typo-pending = typo: STATUS는 ImagePullBackOff, 단계는 Pending, 컨테이너는 ImagePullBackOff 사유로 대기(waiting) 중
goal-crasher-status = crasher: STATUS 컬럼이 CrashLoopBackOff를 보여 준다
goal-crasher-phase = crasher: STATUS가 CrashLoopBackOff인 동안에도 단계는 Running이다
goal-crasher-state = crasher: 컨테이너는 대기(CrashLoopBackOff) 중이고, 직전 상태는 종료 코드 1의 terminated다
hint-1 = 적용을 눌러 두 탭을 모두 적용한 다음 kubectl get pods -w로 파드를 지켜보세요.
hint-2 = typo는 1분 안에 ImagePullBackOff가 됩니다. crasher는 첫 재시작만 바로 하고, 그 뒤로는 10초, 20초, 40초 … 기다렸다가 재시작합니다. 5분 정도 기다려 주세요(sleep 240).
hint-3 = kubectl describe pod crasher를 보면 세 가지가 한눈에 보입니다. Status(단계), State와 Reason(지금 컨테이너 상태), Last State(지난번에 어떻게 끝났는지).
question-crashloop-phase = crasher의 STATUS 컬럼이 CrashLoopBackOff입니다. 이 파드의 status.phase는 무엇일까요?
question-crashloop-phase-running = Running
question-crashloop-phase-pending = Pending
question-crashloop-phase-failed = Failed
question-crashloop-phase-crashloop = CrashLoopBackOff
question-crashloop-phase-explain =
    Running입니다. 단계는 파드 전체를 몇 개 안 되는 값(Pending, Running, Succeeded, Failed, 그리고
    2015년 이후로 아무도 설정하지 않는 Unknown) 중 하나로 요약합니다. crasher는 노드에 바인딩되었고
    컨테이너가 한 번 이상 시작했습니다. restartPolicy가 Always이면 종료된 컨테이너는 다음 재시작을
    기다리는 중일 뿐이므로 파드는 계속 Running입니다. CrashLoopBackOff는 단계가 아니라 컨테이너가
    대기하는 사유입니다(kubelet이 재시작을 미루는 중이며, 10초에서 시작해 두 배씩 늘어 최대 5분).
    kubectl의 STATUS 컬럼은 단계보다 더 많은 것을 말해 주기 때문에 이 사유를 보여 줍니다. typo의
    컨테이너도 대기 중이지만 한 번도 시작한 적이 없으므로 typo는 아직 Pending입니다.
