title = 점수표 읽기
intro =
    worker-1에는 SSD가 있고(레이블 disk=ssd), CPU 1개와 메모리 1Gi를 요청하는 heavy 파드가 이미
    실행 중입니다. 적용을 누르면 app은 두 워커 노드 모두에서 필터를 통과하고, kube-scheduler가 두
    노드에 점수를 매깁니다. 트레이스에서 scheduler.score 반응을 찾아보세요. 노드별로 플러그인마다
    정규화된 점수에 가중치를 곱한 표가 있습니다. 그다음 app이 worker-1에 놓이도록 만드세요. 단,
    요구(required)가 아니라 선호(preferred)로 해야 하며, 두 워커 노드 모두 필터는 통과해야 합니다.
goal-first-choice = app이 처음에는 점수표 1위인 worker-2에 배치된다
goal-flipped = 필수 규칙 없이 선호 노드 어피니티만으로 app이 worker-1에 배치된다
hint-1 = scheduler.score 표에서 두 노드의 NodeResourcesFit 점수를 비교하세요. 여유가 더 많은 노드가 유리합니다.
hint-2 = spec.affinity.nodeAffinity 아래의 preferredDuringSchedulingIgnoredDuringExecution은 점수를 더할 뿐 노드를 제외하지 않습니다. 파드의 어피니티는 실행 중에 바꿀 수 없으니 먼저 app을 지우세요.
hint-3 = disk In [ssd] 표현식을 weight 1로 선호하게 하고 적용을 누르세요.
question-weight-one = 선호가 없을 때는 worker-2가 455 대 417로 이겼습니다. 이제 app은 disk=ssd를 선호하는데, 허용되는 가장 작은 값인 weight 1이어도 상관없습니다. app은 어디로 갈까요?
question-weight-one-worker-1 = worker-1. 선호 점수가 38점 차이를 뒤집는다
question-weight-one-worker-2 = worker-2. 그 정도 선호로는 38점을 메울 수 없다
question-weight-one-explain =
    점수 플러그인의 원점수는 가중치를 곱하기 전에 0–100으로 정규화됩니다. NodeAffinity의 원점수는
    노드가 만족하는 선호 항목의 weight 합이라 worker-1은 1, worker-2는 0입니다. 정규화하면 weight가
    얼마였든 가장 높은 노드가 100이 되고, 이 플러그인의 기본 가중치 2를 곱해 200점이 됩니다.
    NodeResourcesFit(LeastAllocated)가 여유가 많다는 이유로 worker-2에 준 38점보다 훨씬 큽니다.
    선호 항목의 weight는 선호 항목끼리 비교할 때만 의미가 있습니다. 플러그인 자체의 비중을 바꾸려면
    KubeSchedulerConfiguration 프로필에서 그 플러그인의 가중치를 바꿔야 합니다.
