title = 토폴로지 분배: 노드가 아니라 존을 맞춘다
intro =
    이 클러스터는 zone-a에 노드 세 대, zone-b에 노드 한 대가 있고, web 디플로이먼트가 이미 노드마다
    하나씩 레플리카 네 개를 실행하고 있습니다. 즉 세 개가 zone-a에 있습니다. zone-a가 장애를 겪으면
    web의 4분의 3이 함께 사라집니다. 파드 템플릿에 topologySpreadConstraints를 추가해 존
    (topology.kubernetes.io/zone)별 web 파드 수의 차이를 maxSkew 1 이내로 묶고, whenUnsatisfiable은
    DoNotSchedule로 정한 뒤 적용을 누르세요. 롤아웃이 파드를 모두 교체하면서 새 파드마다 이 제약을 거칩니다.
goal-constrained = 파드 템플릿이 topology.kubernetes.io/zone 기준 maxSkew 1로 분배한다
goal-balanced = 롤아웃이 끝난 뒤 준비된 레플리카 네 개 중 두 개가 zone-b의 유일한 노드 b1에서 실행된다
hint-1 = kubectl get nodes --show-labels 출력에서 노드별 존을, kubectl get pods -o wide로 레플리카 위치를 확인하세요.
hint-2 = spec.template.spec 아래에 topologySpreadConstraints 목록을 추가하세요. 항목에는 maxSkew, topologyKey, whenUnsatisfiable, 그리고 app=web을 고르는 labelSelector가 들어갑니다.
hint-3 = 항목에 matchLabelKeys로 pod-template-hash를 넣으면 롤아웃 중에 새 레플리카셋의 파드만 셉니다.
question-how-many-on-b1 = zone-a에는 노드가 세 대, zone-b에는 b1 하나뿐입니다. 롤아웃이 끝나면 레플리카 네 개 중 몇 개가 b1에서 실행될까요?
question-how-many-on-b1-one = 한 개. 노드마다 하나씩 받는다
question-how-many-on-b1-two = 두 개. 노드 수와 상관없이 존마다 두 개씩 받는다
question-how-many-on-b1-none = 없다. zone-a에 네 개가 다 들어갈 자리가 있다
question-how-many-on-b1-explain =
    차이(skew)는 topologyKey의 도메인 단위로 셉니다. zone-a의 파드 전체와 zone-b의 파드 전체를
    비교하는 것입니다. 파드 네 개에 maxSkew 1이면 허용되는 배치는 2 대 2뿐이므로, zone-b의 몫은 b1
    혼자 맡습니다. PodTopologySpread 필터는 zone-a 노드에 파드를 놓으면 zone-a가 zone-b보다 두 개
    이상 앞서게 될 때마다 그 노드를 걸러냈습니다. 제약이 없을 때는 스케줄러가 점수만 매겼기 때문에
    (기본 분배는 ScheduleAnyway인 약한 규칙입니다) 노드 단위로 고르게 퍼졌습니다. 이 제약은 스케줄링할
    때만 작동하고 실행 중인 파드를 옮기지 않습니다. 그래서 롤아웃으로 파드를 교체해야 했습니다.
    pod-template-hash를 넣은 matchLabelKeys는 두 레플리카셋이 공존하는 동안 옛 레플리카셋의 파드를
    계산에서 뺍니다.
