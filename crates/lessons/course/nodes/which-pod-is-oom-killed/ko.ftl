title = 어느 파드가 OOM으로 죽을까?
intro =
    두 파드 모두 worker-1로 갑니다. worker-1에는 메모리가 4GiB 있고 쓰는 양은 얼마 되지 않습니다.
    hog는 Burstable(요청 50Mi, 제한 100Mi)이고 150MB를 차지하려 하며, idle은 BestEffort이고 잠만
    잡니다. "BestEffort 파드가 제일 먼저 죽는다"는 말을 흔히 듣습니다. 둘 다 적용해서 커널이 어느 쪽을
    죽이는지 확인해 보세요. 그다음 kubelet이 컨테이너마다 준 oom_score_adj를 노드에서 crictl inspect로
    살펴보고, hog에 충분한 메모리 제한을 주세요.
goal-hog-oomkilled = hog의 컨테이너가 강제 종료된다: 사유 OOMKilled, 종료 코드 137
goal-idle-untouched = BestEffort 파드인 idle은 재시작 없이 계속 실행된다
goal-hog-fits = 더 큰 메모리 제한을 받은 hog가 실행되고 준비 상태를 유지한다
hint-1 = 적용을 누르고 10초 기다리세요. kubectl describe pod hog에 Last State: Terminated, Reason: OOMKilled가 보입니다.
hint-2 = 노드의 OOM 킬러에 주는 kubelet의 가중치는 컨테이너 스펙에 있습니다. podlife node worker-1 -- crictl inspect ID | grep oomScoreAdj(ID는 crictl ps --name idle -q로 얻습니다. Guaranteed 파드인 kindnet도 확인해 보세요).
hint-3 = apply로는 파드의 리소스를 바꿀 수 없습니다. kubectl delete pod hog로 지우고, 탭에서 limits.memory를 150MB보다 크게(200Mi) 올린 뒤 적용하세요.
question-who-is-killed = hog(Burstable)는 100Mi 제한 아래에서 150MB를 차지하려 하고, idle(BestEffort)은 같은 노드에 있습니다. 노드에는 남는 메모리가 넉넉합니다. 누구의 컨테이너가 OOM으로 죽을까요?
question-who-is-killed-hog = hog의 컨테이너
question-who-is-killed-idle = idle의 컨테이너: BestEffort 파드가 가장 먼저 죽으니까
question-who-is-killed-nobody = 아무도 아니다: 노드에 아직 메모리가 넉넉하니까
question-who-is-killed-explain =
    hog의 컨테이너입니다. 메모리 제한은 커널이 컨테이너 자신의 cgroup(memory.max) 안에서 지킵니다.
    hog가 100Mi를 넘자 노드에 메모리가 얼마나 남았든 커널의 OOM 킬러가 SIGKILL로 끝냈고(종료 코드
    137, 사유 OOMKilled), kubelet은 평소처럼 백오프를 두고 재시작했습니다. QoS 클래스는 노드 전체의
    메모리가 모자랄 때만 의미가 있습니다. 그때는 kubelet이 먼저 직접 파드를 축출하는데, 요청한 것보다
    메모리를 많이 쓰는 파드부터 고릅니다(BestEffort 파드는 조금만 써도 요청보다 많이 쓰는 셈입니다).
    그래도 커널이 죽여야 한다면 oom_score가 가장 높은 프로세스를 고릅니다. oom_score는 메모리 사용량에
    kubelet이 정한 oom_score_adj를 더한 값입니다. oom_score_adj는 BestEffort(idle)가 1000, Burstable은
    메모리 요청에 따라 3에서 999 사이(hog는 988), Guaranteed(kindnet)는 -997입니다. 이 클러스터의
    노드는 메모리가 바닥나는 일이 없으므로, 여기서는 컨테이너 제한에 의한 종료만 일어납니다.
