title = 파드 안티 어피니티: 노드마다 레플리카 하나
intro =
    web 디플로이먼트는 레플리카 세 개를 원하면서, 두 개가 같은 노드에 놓이는 것을 금지합니다.
    자기 레이블 app=web을 대상으로 kubernetes.io/hostname 단위의 필수 파드 안티 어피니티를 걸었기
    때문입니다. 클러스터의 워커 노드는 두 대입니다. 적용을 누르고 레플리카가 어디로 가는지 보세요.
    그다음 podlife node add worker-3으로 워커 노드를 하나 더 붙이고, 스케줄러가 마지막 레플리카를
    배치하는 모습을 확인하세요.
goal-one-waits = 레플리카 하나가 안티 어피니티 규칙 때문에 거부된다
goal-all-spread = 안티 어피니티를 유지한 채 레플리카 세 개가 준비되고, 그중 하나는 worker-3에 있다
hint-1 = kubectl get pods -o wide로 레플리카별 노드를 보고, kubectl get events --field-selector reason=FailedScheduling으로 노드가 없는 이유를 확인하세요.
hint-2 = 규칙은 그대로 두세요. 필요한 것은 느슨한 매니페스트가 아니라 노드 하나 더입니다.
hint-3 = 머신을 추가하세요: podlife node add worker-3 --cpu 2 --memory 4Gi
question-third-replica = 레플리카 두 개가 워커 노드마다 하나씩 바인딩되었습니다. 세 번째는 어디로 갈까요?
question-third-replica-stays-pending = 갈 곳이 없어 Pending에 머문다
question-third-replica-control-plane = 레플리카가 없는 유일한 노드인 컨트롤 플레인 노드로 간다
question-third-replica-shares-a-worker = 다른 방법이 없으니 규칙이 양보하고 워커 노드 하나에 함께 놓인다
question-third-replica-explain =
    필수 안티 어피니티는 바람이 아니라 필터입니다. 두 워커 노드에는 이미 app=web 파드가 있으므로
    InterPodAffinity가 둘 다 거부하고, 컨트롤 플레인 노드는 TaintToleration이 거부합니다. 그래서 세
    번째 파드는 Pending에 머뭅니다. 다른 레플리카와 우선순위가 같으니 선점할 대상도 없습니다.
    worker-3이 합류해 Ready가 되자 노드 이벤트가 파드를 다시 activeQ로 보냈고, 파드는 그 노드에
    들어갔습니다. preferredDuringScheduling 규칙이었다면 워커 노드들의 점수만 깎았을 것입니다.
