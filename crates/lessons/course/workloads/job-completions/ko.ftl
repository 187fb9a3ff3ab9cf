title = 잡: completions와 parallelism
intro =
    잡은 정해진 수의 파드가 성공할 때까지 파드를 실행하고 멈춥니다. completions는 성공한 파드가 몇 개
    필요한지, parallelism은 동시에 몇 개까지 실행할 수 있는지를 정합니다. 편집기의 thumbnails 잡은
    completions 5, parallelism 2이고 파드마다 5초씩 일합니다. 적용하고 잡이 Complete가 될 때까지 파드와
    COMPLETIONS 컬럼을 지켜보세요.
goal-complete = thumbnails 잡이 성공한 파드 5개로 Complete가 된다(SuccessCriteriaMet, 그다음 Complete)
goal-two-at-a-time = thumbnails 파드가 동시에 세 개 이상 실행된 적이 없다
hint-1 = 적용을 누른 뒤 몇 초마다 kubectl get pods와 kubectl get jobs를 실행하세요(사이에 sleep 5).
hint-2 = 잡이 끝나면 kubectl get job thumbnails -o jsonpath='{"{"}range .status.conditions[*]{"}"}{"{"}.type{"}"} {"{"}.status{"}"} {"{"}.reason{"}"}{"{"}"\n"{"}"}{"{"}end{"}"}'로 잡의 컨디션을 출력해 보세요.
question-how-many-pods = completions 5, parallelism 2입니다. 잡은 파드를 몇 개 만들고, 어떻게 실행할까요?
question-how-many-pods-five-two-at-a-time = 파드 다섯 개를 두 개씩. 2개, 다시 2개, 마지막 하나는 혼자
question-how-many-pods-six-in-pairs = 파드 여섯 개를 두 개씩 세 번. 여섯 번째 결과는 버린다
question-how-many-pods-two-pods-rerun = 파드 두 개를, 둘이 합쳐 다섯 번 성공할 때까지 재시작한다
question-how-many-pods-explain =
    파드 다섯 개를 최대 두 개씩 실행합니다. 잡 컨트롤러는 동기화할 때마다
    min(parallelism, completions − succeeded)개의 파드가 실행되기를 원합니다. 처음에 두 개, 첫 두 개가
    성공하면 다시 두 개, 마지막에는 완료가 하나만 모자라므로 하나만 실행합니다. 완료 하나는 파드
    하나입니다(restartPolicy Never). 컨테이너를 다시 돌려 두 번 세는 일은 없습니다. succeeded가 5가
    되자 컨트롤러는 먼저 SuccessCriteriaMet(reason CompletionsReached) 컨디션을 붙이고, 실행 중인
    파드가 남지 않은 것을 확인한 뒤 Complete를 붙였습니다. kubectl get jobs에는 Complete 5/5로 나옵니다.
    끝난 파드는 잡을 지울 때까지(또는 ttlSecondsAfterFinished가 지울 때까지) Completed로 남아 있어서
    로그를 계속 읽을 수 있습니다.
