title = 어느 노드보다도 큰 메모리 요청
intro =
    편집기에는 메모리를 6Gi 요청하는 redis 파드가 있습니다. 그런데 워커 노드의 allocatable 메모리는
    4Gi뿐입니다. 적용을 누르고 파드가 왜 Pending에 머무는지 확인해 보세요. kube-scheduler는 파드의
    요청(request)을 노드에 남은 여유와 비교하고, 그 판단을 FailedScheduling 이벤트로 남깁니다.
    그다음 요청을 노드에 맞게 줄여서 파드를 실행시키세요.
goal-rejected = kube-scheduler가 cache 파드에 대해 Insufficient memory를 보고한다
goal-running = 메모리 요청을 줄인 cache 파드의 단계(phase)가 Running이 된다
hint-1 = kubectl describe pod cache의 Events를 읽고, kubectl describe node worker-1의 Allocatable과 요청값을 비교해 보세요.
hint-2 = 파드의 리소스 요청은 다시 적용한다고 바뀌지 않습니다. 먼저 파드를 지우세요(kubectl delete pod cache).
hint-3 = memory 값 두 개를 모두 1Gi로 바꾼 뒤 다시 적용을 누르세요.
question-too-big = 워커 노드마다 allocatable 메모리가 4Gi입니다. 6Gi를 요청하는 파드는 어떻게 될까요?
question-too-big-stays-pending = 필터를 통과하는 노드가 없어 FailedScheduling 이벤트와 함께 Pending에 머문다
question-too-big-bound-then-oom = 워커 노드에 바인딩된 뒤, redis가 4Gi를 넘게 쓰는 순간 OOM으로 종료된다
question-too-big-preempts = 스케줄러가 자리를 만들려고 다른 파드를 축출한다
question-too-big-explain =
    스케줄러는 노드의 실제 사용량을 보지 않습니다. NodeResourcesFit 플러그인은 노드에 이미 있는
    파드들의 요청 합계에 새 파드의 요청을 더해 노드의 allocatable 메모리와 비교합니다. 6Gi는 어느
    워커 노드의 4Gi에도 들어가지 않고, 컨트롤 플레인 노드는 테인트 때문에 제외되므로 "0/3 nodes are
    available"이 됩니다. 선점도 소용없습니다. 노드를 통째로 비워도 모자라기 때문입니다. 더 큰 노드가
    합류하거나 요청을 줄일 때까지 파드는 기다립니다.
