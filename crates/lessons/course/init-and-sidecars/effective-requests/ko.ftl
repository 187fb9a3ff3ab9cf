title = 파드의 실효 요청량
intro =
    스케줄러는 모든 컨테이너의 요청량을 단순히 더하지 않습니다. 초기화 컨테이너는 앱 컨테이너보다 먼저
    실행되므로, 파드는 두 단계 중 더 큰 쪽만큼을 요청합니다. 사이드카는 계속 실행되기 때문에 계산을
    바꿉니다. 사이드카는 앱 컨테이너와 함께 더해지고, 자기 뒤에 오는 초기화 컨테이너에도 더해집니다.
    워커 노드마다 CPU 1900m가 남아 있습니다. 적용을 누르고 search 파드가 Pending에 머무는 이유를 찾은
    뒤, 요청량은 하나도 바꾸지 않고 proxy도 사이드카로 둔 채 파드가 노드에 들어가게 만드세요.
goal-rejected = kube-scheduler가 두 워커 노드 모두에서 search를 거절한다: Insufficient cpu
goal-runs-same-requests = 요청량(500m, 1500m, 1)은 그대로, proxy도 사이드카인 채로 search가 실행된다
hint-1 = kubectl get events로 스케줄러의 판정을, kubectl describe node worker-1로 CPU 2개 중 이미 요청된 양을 볼 수 있습니다.
hint-2 = build-index가 도는 동안, 그보다 앞에 적힌 proxy는 이미 실행 중입니다. 500m + 1500m이지요. build-index가 먼저 오면 어떨까요?
hint-3 = 파드의 컨테이너 순서는 그 자리에서 바꿀 수 없습니다. search.yaml을 고치고 kubectl delete pod search를 실행한 뒤 다시 적용하세요.
question-will-it-fit = 워커 노드마다 CPU 1900m가 남아 있습니다. search 파드가 들어갈 수 있을까요?
question-will-it-fit-fits = 들어간다. 가장 큰 초기화 컨테이너가 1500m, 앱 단계도 1500m이다
question-will-it-fit-does-not-fit = 들어가지 못한다. build-index가 도는 동안 proxy도 함께 돌아서 2000m가 필요하다
question-will-it-fit-sums-everything = 들어가지 못한다. 스케줄러는 모든 컨테이너를 더해 3000m로 본다
question-will-it-fit-explain =
    kube-scheduler는 component-helpers의 PodRequests가 계산하는 파드의 실효 요청량을 리소스별로
    씁니다. (모든 앱 컨테이너 + 모든 사이드카)와, 일반 초기화 컨테이너 각각에 대해 (자기 요청량 +
    자기보다 앞에 적힌 사이드카) 중 가장 큰 값이고, 파드 오버헤드가 있으면 거기에 더합니다.
    여기서는 1000m + 500m = 1500m와 1500m + 500m = 2000m 중 큰 값인 2000m입니다. 2000m가 남은 워커 노드가 없으니 Insufficient cpu입니다.
    build-index를 proxy보다 앞에 두면 그 단계에는 1500m만 필요하므로 파드가 들어갑니다.
