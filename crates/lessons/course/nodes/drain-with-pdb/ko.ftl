title = 중단 예산(PDB) 아래에서 노드 드레인하기
intro =
    web 디플로이먼트는 레플리카 세 개를 실행하는데 그중 둘이 worker-1에 있습니다. 그리고
    PodDisruptionBudget(편집기의 탭)이 web 파드를 최소 3개는 계속 사용 가능하게 두겠다고 약속합니다.
    점검을 위해 worker-1을 드레인해 보세요. kubectl drain은 노드를 cordon한 뒤 파드마다 축출 API를
    호출하고, API 서버는 예산을 깨뜨리는 축출을 거절합니다. 어떻게 거절되는지 확인한 다음, 준비된
    web 파드가 한순간도 두 개 아래로 내려가지 않으면서 드레인이 끝날 수 있도록 예산을 바꿔 보세요.
goal-refused = web 파드의 축출이 거절된다(429 Too Many Requests)
goal-drained = worker-1이 cordon되어 web 파드가 하나도 없고, 다른 곳에서 web 파드 세 개가 준비 상태다
goal-budget-kept = 드레인하는 내내 준비된 web 파드가 최소 두 개 있었다
hint-1 = kubectl drain worker-1 --ignore-daemonsets --timeout=20s를 실행해 보세요(타임아웃이 없으면 drain은 거절되는 동안 계속 재시도합니다). kubectl get pdb web의 ALLOWED DISRUPTIONS도 확인하세요.
hint-2 = minAvailable이 레플리카 수와 같으면 자발적 중단은 한 번도 허용되지 않습니다. 탭에서 minAvailable을 낮추고 적용을 누르세요.
hint-3 = 그다음 타임아웃을 넉넉히 주고 다시 드레인하세요. drain은 파드 하나를 축출하고, 대체 파드가 worker-2에서 준비될 때까지 기다린 뒤에야 다음 파드를 축출할 수 있습니다.
question-after-refusal = web 파드의 축출이 429로 거절되었습니다. kubectl drain은 이제 무엇을 할까요?
question-after-refusal-retries = 허용되거나 타임아웃이 끝날 때까지 5초마다 축출을 다시 시도한다
question-after-refusal-deletes = 대신 파드를 직접 삭제한다
question-after-refusal-skips = 그 파드를 건너뛰고 노드가 드레인되었다고 보고한다
question-after-refusal-explain =
    다시 시도합니다. 축출은 API 서버에 보내는 요청(POST …/pods/NAME/eviction)이고, API 서버는 그
    파드를 선택하는 PodDisruptionBudget을 모두 확인합니다. 예산의 disruptionsAllowed가 0이면 429 Too
    Many Requests로 답하고 파드는 건드리지 않습니다. kubectl drain은 5초 기다렸다가 다시 요청하며,
    축출이 성공하거나 --timeout이 끝날 때까지 이를 반복합니다. 예산을 우회해 파드를 삭제하는 일은
    없습니다(--disable-eviction을 줄 때만 그렇게 합니다). minAvailable이 2가 되자 중단이 한 번
    허용되었습니다. 첫 파드가 축출되고, 레플리카셋이 worker-2에 대체 파드를 만들고, 그 파드가 준비되자
    중단 컨트롤러가 다음 축출을 허용했습니다. 예산은 이런 자발적 중단만 막아 줍니다. 노드가 고장 나면
    예산과 상관없이 파드도 함께 사라집니다.
