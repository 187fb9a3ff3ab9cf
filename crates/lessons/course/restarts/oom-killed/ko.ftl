title = OOMKilled
intro =
    편집기의 파드는 stress를 실행해 250M(stress는 M을 MiB로 셉니다)를 할당하는데, 컨테이너의
    메모리 limit은 100Mi입니다. 적용한 뒤 어떻게 끝나는지 보세요. kubectl get pods의 STATUS와
    kubectl describe pod memory-hog의 Last State를 확인하면 됩니다. 그다음 고쳐 보세요. apply로
    파드를 수정할 때는 리소스를 바꿀 수 없어서, limit만 바꿔 다시 적용하면 거부됩니다. 파드를
    지우고 프로그램이 들어갈 만한 limit(예를 들어 300Mi)으로 다시 적용하세요.
goal-oom-killed = stress 컨테이너가 OOMKilled된다: 종료 코드 137, reason OOMKilled
goal-fixed = 메모리 limit을 올린 memory-hog가 재시작 없이 실행된다
hint-1 = 적용을 누르고 10초 기다리세요. kubectl describe pod memory-hog의 State와 Last State에 reason과 종료 코드가 나옵니다.
hint-2 = 편집기에서 limit만 바꿔 적용해 보면 API 서버가 거부합니다. 먼저 kubectl delete pod memory-hog로 파드를 지우세요.
hint-3 = resources.limits.memory를 300Mi로 올려(데이터 250MiB에 프로그램 자체의 메모리까지) 다시 적용하세요. RESTARTS가 0에 머물면 됩니다.
question-who-stops-it = 컨테이너가 100Mi limit으로 시작했고, 이제 250MiB를 할당하려고 합니다. 무엇이 이 컨테이너를 멈출까요?
question-who-stops-it-allocation-fails = 할당이 실패하고 stress가 오류로 종료한다(종료 코드 1)
question-who-stops-it-kernel-oom-killer = 컨테이너 cgroup 안에서 커널의 OOM killer가 죽인다: 종료 코드 137, reason OOMKilled
question-who-stops-it-kubelet-kills = kubelet이 사용량을 보고 컨테이너를 죽인다
question-who-stops-it-kubelet-evicts = kubelet이 파드를 축출해 파드가 Failed, reason Evicted가 된다
question-who-stops-it-explain =
    메모리 limit은 컨테이너 cgroup의 memory.max가 됩니다. limit에 닿는다고 할당이 실패하지는
    않습니다. 프로세스가 cgroup이 허용하는 것보다 많은 메모리를 쓰려 하고 더 회수할 것도 없으면,
    커널의 OOM killer가 SIGKILL로 프로세스를 끝냅니다. kubelet은 이 일에 끼어들지 않고 결과만
    읽습니다. containerd가 종료 코드 137과 reason OOMKilled를 보고하면, restartPolicy가 Always이므로
    kubelet은 평소의 백오프를 두고 컨테이너를 재시작합니다. 그래서 STATUS는 OOMKilled와
    CrashLoopBackOff를 오갑니다. 50Mi request는 스케줄러가 파드를 놓을 노드를 고르는 데 쓰였을
    뿐이고, 커널이 지키게 하는 값은 limit입니다. 축출은 다른 도구입니다. kubelet은 노드 전체의
    메모리가 부족할 때 축출을 쓰고, 그때는 파드를 통째로 내보냅니다.
