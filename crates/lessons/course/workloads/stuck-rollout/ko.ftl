title = 멈춰 버린 롤아웃
intro =
    web 디플로이먼트는 nginx:1.27 파드 네 개를 실행하고, progressDeadlineSeconds는 30입니다. 태그에
    오타가 난 이미지 nginx:1.277(존재하지 않는 태그)을 배포해 보세요. kubectl rollout status와 kubectl
    get pods로 롤아웃을 따라가면서 옛 파드, 새 파드, 디플로이먼트의 컨디션이 어떻게 되는지 보세요. 그다음
    디플로이먼트를 다시 건강한 상태로 되돌려 보세요.
goal-deadline-exceeded = 디플로이먼트의 Progressing 컨디션이 reason ProgressDeadlineExceeded와 함께 False가 된다
goal-kept-serving = 롤아웃이 멈춘 동안 옛 파드가 세 개 이상 Ready로 남고, 새 파드는 이미지를 받지 못한다
goal-recovered = 실패한 뒤 web이 nginx:1.27로 돌아와 사용 가능한 파드 네 개만 남는다
hint-1 = kubectl set image deployment/web nginx=nginx:1.277을 실행하고 kubectl rollout status deployment/web으로 지켜보세요(기한이 지나면 포기하고 끝납니다).
hint-2 = kubectl get deploy web -o jsonpath='{"{"}range .status.conditions[*]{"}"}{"{"}.type{"}"} {"{"}.status{"}"} {"{"}.reason{"}"}{"{"}"\n"{"}"}{"{"}end{"}"}'로 컨디션을 출력하고, kubectl get pods로 어느 파드가 요청을 받는지 보세요.
hint-3 = 변경은 저절로 되돌아가지 않습니다. kubectl rollout undo deployment/web이 되돌립니다.
question-after-deadline = 새 파드가 nginx:1.277을 받지 못합니다. 진행 없이 30초가 지나면 디플로이먼트는 무엇을 할까요?
question-after-deadline-only-reports = Progressing을 False(ProgressDeadlineExceeded)로 바꿀 뿐이다. 옛 파드도 새 파드도 그대로 둔다
question-after-deadline-rolls-back = 스스로 nginx:1.27로 롤백한다
question-after-deadline-deletes-new = 시작하지 못하는 새 파드를 지운다
question-after-deadline-explain =
    알리기만 합니다. 롤링 업데이트는 새 레플리카셋을 만들어 surge 파드를 하나 더하고 옛 파드를 하나
    뺐습니다(레플리카 네 개에서 maxSurge와 maxUnavailable은 각각 1입니다). 그러고는 멈췄습니다. 새 파드
    두 개가 끝내 사용 가능해지지 않으니 옛 파드를 더 뺄 수 없었습니다. 옛 파드 세 개는 계속 요청을
    처리했고, kubelet은 백오프를 늘려 가며 이미지 풀을 계속 다시 시도했습니다(ErrImagePull,
    ImagePullBackOff). 진행 없이 progressDeadlineSeconds가 지나자 디플로이먼트 컨트롤러는 Progressing을
    reason ProgressDeadlineExceeded와 함께 False로 바꿨고("ReplicaSet … has timed out progressing."),
    kubectl rollout status는 오류와 함께 끝났습니다. 이것은 여러분이나 CD 파이프라인에 보내는 신호일 뿐
    동작이 아닙니다. 아무것도 롤백되거나 지워지지 않습니다. kubectl rollout undo가 옛 템플릿을 되돌리면
    옛 레플리카셋이 다시 늘어나고 고장 난 레플리카셋은 0이 되며, Progressing은 True,
    NewReplicaSetAvailable로 돌아옵니다.
