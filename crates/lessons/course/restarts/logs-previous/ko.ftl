title = kubectl logs --previous
intro =
    편집기의 importer는 주문 파일을 읽다가 20초쯤 지나 해석할 수 없는 줄을 만나고 종료 코드 1로
    끝납니다. 적용한 뒤, 한 번 재시작되어 다시 Running이 될 때까지 기다리세요. 그다음
    kubectl logs importer에게 왜 죽었는지 물어보고, 이어서 kubectl logs importer --previous에도
    물어보세요. 둘 중 어느 쪽이 답을 알고 있을까요?
goal-read-current = 재시작 후 지금 실행 중인 컨테이너의 로그를 읽는다(kubectl logs importer)
goal-read-previous = 재시작 후 죽은 컨테이너가 마지막으로 남긴 로그를 읽는다(kubectl logs importer --previous)
hint-1 = 적용을 누르고 sleep 25를 하세요. RESTARTS가 1, STATUS가 Running이 됩니다.
hint-2 = kubectl logs importer는 지금 실행 중인 컨테이너를 읽습니다. 이 컨테이너는 몇 초 전에 시작했을 뿐입니다.
hint-3 = --previous(또는 -p) 플래그를 붙이면 kubelet이 교체하기 전의 컨테이너를 읽습니다.
question-what-restarts = importer가 방금 종료 코드 1로 끝났고, RESTARTS가 곧 1이 됩니다. kubelet은 무엇을 할까요?
question-what-restarts-same-container = 같은 컨테이너를 다시 시작하고, 로그는 멈춘 곳부터 이어진다
question-what-restarts-new-container = containerd에 같은 파드 안에 새 컨테이너를 만들게 하고, 새 컨테이너의 로그는 비어 있는 채로 시작한다
question-what-restarts-explain =
    재시작은 죽은 컨테이너를 되살리는 일이 아닙니다. kubelet은 같은 파드 샌드박스 안에 새 컨테이너를
    만들어 달라고 containerd에 요청하고(attempt 1, 새 컨테이너 ID), 새 컨테이너는 새 로그 파일에
    씁니다. /var/log/pods 아래 컨테이너 디렉터리에 0.log 다음 1.log가 생기는 식입니다.
    kubectl logs는 지금 컨테이너를 읽고, --previous를 주면 kubelet이 lastState.terminated에 적힌
    컨테이너를 읽습니다. 딱 그 하나뿐입니다. kubelet의 가비지 컬렉터는 컨테이너 이름마다 죽은 컨테이너를
    하나만 남기고, 더 오래된 것은 로그와 함께 지웁니다. 컨테이너가 CrashLoopBackOff로 기다리는
    동안에는 지금 컨테이너가 없으므로, --previous 없이 실행한 kubectl logs도 마지막으로 끝난
    컨테이너의 로그를 보여 줍니다. 오래 보관해야 하는 로그는 노드 밖으로 보내야 합니다.
