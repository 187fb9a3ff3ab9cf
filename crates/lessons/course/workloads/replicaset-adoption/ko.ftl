title = 레이블로 파드를 입양하는 레플리카셋
intro =
    레플리카셋은 자기가 만든 파드를 기억하지 않습니다. 셀렉터에 맞는 파드를 모두 셉니다. 지금
    kubectl run으로 손수 띄운 stray 파드가 app=web 레이블을 달고 돌고 있습니다. web 레플리카셋
    (레플리카 세 개, 셀렉터 app=web)을 적용하고 파드를 몇 개 만드는지 세어 보세요. stray의
    ownerReferences도 확인해 보세요. 그다음 같은 레이블을 단 맨 파드를 하나 더 띄우고(kubectl run extra
    --image=nginx:1.27 --labels=app=web) 레플리카셋이 이 파드를 어떻게 다루는지 보세요.
goal-adopted = stray 파드의 소유자가 web 레플리카셋이다(ownerReferences)
goal-two-created = web 레플리카셋의 파드 세 개가 준비되었지만, 레플리카셋이 만든 파드는 두 개뿐이다
goal-surplus-deleted = 레플리카셋이 남는 파드 extra를 지우고 web 파드 세 개가 남는다
hint-1 = kubectl get pods --show-labels로 stray와 그 레이블을 보세요. web.yaml을 적용한 뒤 kubectl get pods와 kubectl get events --field-selector involvedObject.kind=ReplicaSet을 실행하세요.
hint-2 = kubectl get pod stray -o jsonpath='{"{"}.metadata.ownerReferences{"}"}'로 지금 stray의 소유자를 볼 수 있습니다.
hint-3 = kubectl run extra --image=nginx:1.27 --labels=app=web을 실행하고 몇 초 기다린 뒤 파드 목록과 레플리카셋의 이벤트를 다시 보세요.
question-how-many-created = web 레플리카셋은 레플리카 세 개를 원하고, stray는 이미 app=web을 달고 있습니다. 레플리카셋은 파드를 몇 개 만들까요?
question-how-many-created-two = 두 개. stray를 입양해 세 개 중 하나로 센다
question-how-many-created-three = 세 개. 자기가 직접 만든 파드만 센다
question-how-many-created-explain =
    두 개입니다. replicaset-controller는 파드를 세기 전에 먼저 파드를 요구(claim)합니다. 네임스페이스에서
    셀렉터에 맞고 아직 컨트롤러가 없는 파드는 모두 PATCH 한 번으로 ownerReference(kind ReplicaSet,
    name web, controller: true)를 받아 입양됩니다. stray가 web의 레플리카 세 개 중 하나가 되었으므로 새로
    만든 파드는 두 개뿐입니다(SuccessfulCreate 이벤트 두 개). kubectl delete --cascade=orphan 뒤에 다시
    만든 디플로이먼트나 레플리카셋이 옛 파드를 되찾는 것도 같은 원리입니다. 다른 컨트롤러가 이미 소유한
    파드는 절대 가로채지 않습니다.
question-which-deleted = extra도 app=web에 맞으므로 레플리카셋에게는 레플리카 세 개에 파드가 네 개입니다. 어느 파드가 지워질까요?
question-which-deleted-extra = extra 자신. 가장 새롭고 아직 준비되지 않은 파드다
question-which-deleted-stray = stray. 레플리카셋이 만든 파드가 아니니까
question-which-deleted-oldest-created = 레플리카셋이 만든 두 파드 중 하나
question-which-deleted-keeps-four = 아무것도 지우지 않는다. 레플리카셋은 모자란 파드를 더할 뿐 지우지는 않는다
question-which-deleted-explain =
    extra입니다. 레플리카셋은 stray와 마찬가지로 extra를 입양(ownerReference PATCH)했고, 그러자 파드가
    하나 남았으므로 하나를 지웠습니다(SuccessfulDelete 이벤트, "Deleted pod: extra"). 어느 파드를 지울지
    고를 때는 파드에 순위를 매겨 잃어도 가장 덜 아까운 파드부터 지웁니다. 노드에 배치되지 않은 파드가
    배치된 파드보다, Pending이 Running보다, 준비되지 않은 파드가 준비된 파드보다 먼저입니다. 이어서
    controller.kubernetes.io/pod-deletion-cost가 낮은 파드, 같은 노드에 형제 파드가 더 많이 몰린 파드가
    먼저이고, 그다음은 준비된 지 가장 짧은 파드, 재시작이 많은 파드, 가장 새로운 파드 순입니다. 누가 만들었는지는 따지지 않습니다.
    막 만들어져 준비되지 않은 extra가 모든 기준에서 밀렸고, 트래픽을 받던 파드들은 그대로 남았습니다.
