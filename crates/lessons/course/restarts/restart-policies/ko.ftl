title = 재시작 정책: Always, OnFailure, Never
intro =
    편집기의 파드는 하나뿐인 컨테이너가 시작하자마자 종료 코드 1로 끝납니다. 먼저 restartPolicy가
    Always인 그대로 적용하세요. 그다음 같은 파드를 두 번 더 적용합니다. 한 번은 이름을
    crash-onfailure로 바꾸고 restartPolicy를 OnFailure로, 또 한 번은 이름을 crash-never로 바꾸고
    Never로 둡니다. kubelet이 세 파드를 각각 어떻게 다루는지 비교해 보세요. 재시작 횟수는
    kubectl get pods의 RESTARTS에서, 파드의 단계(phase)는 kubectl describe pod의 Status 줄에서 볼
    수 있습니다.
goal-always = crash-always가 종료 후 재시작되고 단계(phase)는 Running을 유지한다
goal-on-failure = crash-onfailure(restartPolicy OnFailure)가 재시작되고 단계는 Running을 유지한다
goal-never = crash-never(restartPolicy Never)는 종료 코드 1로 끝난 채 남고, 파드의 단계는 Failed가 된다
hint-1 = 편집기 파드에서 metadata.name과 spec.restartPolicy 두 줄을 고쳐 다시 적용하세요. 이름이 다르면 새 파드가 생기고, 앞서 만든 파드는 그대로 남습니다.
hint-2 = 이미 만들어진 파드의 restartPolicy는 바꿀 수 없습니다. 그래서 정책마다 파드가 하나씩 필요합니다. 값은 Always, OnFailure, Never로 씁니다.
hint-3 = kubelet에 30초쯤 시간을 준 뒤 kubectl get pods의 RESTARTS와 kubectl describe pod crash-never의 Status 줄을 비교해 보세요.
question-who-restarts = crash-always가 방금 재시작되었습니다. crash-onfailure와 crash-never의 컨테이너도 똑같이 종료 코드 1로 끝납니다. kubelet은 둘 중 어느 쪽을 재시작할까요?
question-who-restarts-both-restarted = 둘 다: 실패한 컨테이너는 언제나 재시작된다
question-who-restarts-onfailure-only = crash-onfailure만: crash-never는 종료된 채 남고 파드는 Failed가 된다
question-who-restarts-neither-restarted = 둘 다 아니다: 컨테이너를 재시작하는 건 Always 정책뿐이다
question-who-restarts-explain =
    컨테이너가 끝나면 그 노드의 kubelet이 파드의 restartPolicy를 보고 판단합니다. Always는 종료
    코드와 상관없이, OnFailure는 코드가 0이 아닐 때만 재시작하고, Never는 재시작하지 않습니다.
    crash-onfailure는 1로 끝났으니 crash-always와 똑같이 재시작되었습니다. 같은 파드, 같은 노드,
    같은 IP 안에 컨테이너만 새로 만들어집니다. 앱은 한 번도 제대로 돌지 못했는데도 두 파드의
    단계는 Running으로 남습니다. 단계가 Running이라는 것만으로는 알 수 있는 게 많지 않은
    이유입니다. crash-never의 컨테이너는 종료된 채로 남고, 모든 컨테이너가 끝났으며 그중 하나
    이상이 실패했으므로 파드는 Failed로 확정됩니다. 아무도 다시 시작하거나 다른 노드로 옮기지
    않으며, 파드 오브젝트는 지울 때까지 남아 있습니다.
