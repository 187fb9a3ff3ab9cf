title = Succeeded와 Failed
intro =
    모든 파드가 계속 돌도록 만들어지는 것은 아닙니다. restartPolicy가 Never이면 kubelet은 끝난
    컨테이너를 재시작하지 않고, OnFailure이면 실패한 컨테이너만 재시작합니다. 더 이상 실행될 컨테이너가
    없으면 파드는 최종 단계(phase)에 이릅니다. 모든 컨테이너가 종료 코드 0으로 끝났으면 Succeeded,
    하나라도 아니면 Failed입니다. 편집기에는 한 번만 실행되는 파드 세 개가 있습니다. report는 0으로,
    migrate는 3으로 끝나고, retry는 첫 실행에 실패한 뒤 두 번째 실행에서 성공합니다. 적용한 뒤 파드마다
    단계, STATUS 컬럼, 컨테이너의 종료 코드를 비교해 보세요.
goal-report-succeeded = report: 단계 Succeeded, STATUS Completed, 종료 코드 0
goal-migrate-failed = migrate: 단계 Failed, STATUS Error, 종료 코드 3, 재시작 없음
goal-retry-succeeded = retry: 한 번 재시작한 뒤 단계 Succeeded
hint-1 = 적용을 눌러 세 탭을 모두 적용한 다음 kubectl get pods -w로 지켜보세요. 10초 정도면 모두 끝납니다.
hint-2 = kubectl get pods -o custom-columns=NAME:.metadata.name,PHASE:.status.phase,RESTARTS:.status.containerStatuses[0].restartCount로 단계와 재시작 횟수를 나란히 볼 수 있습니다. kubectl logs retry --previous는 첫 실행의 로그를 보여 줍니다.
question-retry-phase = retry의 첫 실행이 방금 종료 코드 1로 끝났고 restartPolicy는 OnFailure입니다. 이 파드는 어떤 단계로 끝날까요?
question-retry-phase-succeeded = 한 번 재시작한 뒤 Succeeded
question-retry-phase-failed = Failed: 실패한 실행이 한 번 있었으니까
question-retry-phase-running = Running: OnFailure 파드도 Always처럼 끝없이 재시작된다
question-retry-phase-explain =
    Succeeded입니다. OnFailure는 컨테이너가 0이 아닌 코드로 끝났을 때만 재시작합니다. kubelet은
    retry를 곧바로 재시작했고(첫 재시작에는 백오프가 없습니다), 그 사이에도 파드는 Running이었습니다.
    두 번째 실행이 0으로 끝나자 더 재시작할 컨테이너가 없으므로 파드는 Succeeded가 되었습니다.
    단계는 각 컨테이너가 마지막에 어떻게 끝났는지를 보지, 그전의 실패를 세지 않습니다. restartPolicy가
    Never인 migrate는 재시작되지 않았고 종료 코드 3 때문에 그대로 Failed가 되었습니다. STATUS에는
    컨테이너의 종료 사유인 Completed나 Error가 나옵니다.
