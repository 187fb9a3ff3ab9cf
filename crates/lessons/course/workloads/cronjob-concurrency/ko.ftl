title = 크론잡 실행이 겹칠 때: Allow, Forbid, Replace
intro =
    크론잡은 일정이 가리키는 시각마다 잡을 만듭니다. 다음 시각에도 이전 실행이 아직 일하는 중이면
    concurrencyPolicy가 정합니다. Allow(기본값)는 그래도 하나 더 시작하고, Forbid는 실행 중인 잡이
    있는 동안 새 잡을 시작하지 않고, Replace는 실행 중인 잡을 지우고 새 잡을 시작합니다. 세 탭에는
    정책만 다른 같은 크론잡이 있습니다. 매분 90초 걸리는 보고서를 만듭니다. 세 탭을 모두 적용하고 3분
    동안 kubectl get jobs를 따라가 보세요.
goal-allow-overlap = allow의 잡 두 개가 동시에 실행된다
goal-forbid-skipped = forbid가 이전 실행이 활성 상태인 동안 새 실행을 거절한다(JobAlreadyActive 이벤트)
goal-replace-deleted = replace가 다음 실행을 시작하려고 실행 중인 잡을 지운다
hint-1 = 적용을 누르세요(세 탭 모두). 첫 실행은 다음 정각 분에 시작합니다. 그다음 sleep 65 뒤 kubectl get jobs를 보세요. 잡 이름 끝의 숫자는 예정 시각을 1970년부터 센 분 단위로 나타냅니다.
hint-2 = 두 번째 분에는 kubectl get cronjobs(ACTIVE 컬럼), kubectl get jobs, kubectl get pods를 보세요.
hint-3 = kubectl get events --field-selector involvedObject.kind=CronJob은 크론잡마다 무엇을 결정했는지 알려 줍니다. 1분 뒤에 다시 보세요.
question-forbid-next-run = forbid의 첫 잡이 방금 시작했고 90초가 걸립니다. 일정은 60초 뒤에 다시 돌아옵니다. 다음 분의 forbid 실행은 어떻게 될까요?
question-forbid-next-run-starts-late = 보류되었다가(JobAlreadyActive) 첫 잡이 끝나자마자 늦게 시작한다
question-forbid-next-run-skipped-for-good = 완전히 건너뛴다. forbid의 다음 잡은 그다음 분에 시작한다
question-forbid-next-run-runs-alongside = 그래도 첫 잡 옆에서 시작한다
question-forbid-next-run-explain =
    늦게 시작합니다. 다음 분에 forbid는 활성 잡을 보고 새 잡을 시작하지 않았습니다. JobAlreadyActive
    이벤트, "Not starting job because prior execution is running and concurrency policy is Forbid"입니다.
    하지만 이 건너뜀은 기록되지 않습니다. status.lastScheduleTime은 첫 실행에 머뭅니다. 30초 뒤 첫 잡이
    끝나자 크론잡 컨트롤러가 다시 동기화했고, 놓친 그 분이 여전히 가장 최근의 미실행 일정임을 확인하고
    그때 잡을 만들었습니다. 이름은 원래 예정된 분을 따르지만 만들어진 시각은 30초쯤입니다. 실행마다
    90초가 걸리니 forbid는 이제 쉬지 않고 이어서, 매번 늦게 실행됩니다. 얼마나 늦어도 시작할지는
    startingDeadlineSeconds가 정합니다. 10으로 두면 놓친 실행은 정말 건너뜁니다. 그사이 allow는 잡 두
    개를 나란히 실행했고, replace는 새 잡을 시작하려고 실행 중인 잡을 지웠으므로(SuccessfulDelete)
    보고서를 한 번도 끝내지 못했습니다.
