title = 차례로 바뀌는 컨디션
intro =
    파드에는 단계(phase) 말고도 컨디션이 있습니다. 각각 True나 False 값과 마지막으로 바뀐 시각을
    가집니다. PodScheduled(노드가 정해짐), PodReadyToStartContainers(샌드박스와 네트워크가 준비됨),
    Initialized(모든 초기화 컨테이너가 끝남), ContainersReady(모든 컨테이너가 실행 중이고, 레디니스 프로브가 있으면 통과함),
    Ready(파드가 트래픽을 받아도 됨)입니다. 편집기의 파드에는 5초 걸리는 초기화 컨테이너가 있고,
    앱의 레디니스 프로브는 처음 12초 동안 실패합니다. 적용한 뒤 kubectl describe pod web으로
    컨디션이 하나씩 True로 바뀌는 순간을 잡아 보세요.
goal-initializing = 초기화 컨테이너가 실행되는 동안 PodScheduled와 PodReadyToStartContainers는 True, Initialized는 아직 False
goal-running-not-ready = Initialized는 True이고 앱 컨테이너도 실행 중이지만 ContainersReady와 Ready는 아직 False
goal-ready = ContainersReady와 Ready가 True
goal-in-order = 순서대로: 노드에 바인딩, 샌드박스 생성, 초기화 컨테이너 완료, 앱 시작, 레디니스 프로브 통과
hint-1 = 적용을 누른 다음 몇 초마다 kubectl describe pod web의 Conditions 표를 확인하세요(sleep 3, sleep 7, sleep 15 순서로).
hint-2 = Ready 컨디션은 레디니스 프로브를 기다립니다. /ready가 200을 돌려줄 때까지 이벤트에 Readiness probe failed가 찍히며, 앱이 시작하고 15초쯤 걸립니다.
question-when-ready = 앱 컨테이너가 방금 시작했습니다. 파드의 Ready 컨디션은 언제 True가 될까요?
question-when-ready-at-start = 바로: 컨테이너가 실행 중이니까
question-when-ready-after-probe = 레디니스 프로브가 성공한 뒤에야
question-when-ready-explain =
    프로브가 성공한 뒤입니다. 레디니스 프로브가 있는 컨테이너는 프로브가 성공해야 준비된 것으로
    칩니다. 그때까지 kubelet은 컨테이너가 실행 중이고 단계가 이미 Running이어도 ContainersReady와
    Ready를 False(사유 ContainersNotReady)로 보고합니다. 프로브는 5초마다 실행되었습니다. 처음에는
    연결이 거부되었고, 그다음에는 앱의 /ready가 200을 돌려줄 때까지 503을 받았습니다. 첫 성공에서
    ContainersReady와 Ready가 함께 True가 되었습니다. 레디니스 프로브가 없으면 컨테이너는 시작하자마자
    준비된 것으로 봅니다. 서비스와 컨트롤러가 보는 것이 Ready이므로, True가 되기 전까지 파드는
    서비스를 통해 트래픽을 받지 않습니다.
