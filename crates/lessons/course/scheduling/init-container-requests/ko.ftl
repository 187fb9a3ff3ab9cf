title = 초기화 컨테이너가 스케줄러에 치르는 비용
intro =
    app 파드의 nginx는 CPU 0.5개를 요청하지만, 그 앞에서 실행되는 초기화 컨테이너 migrate는 CPU 세
    개를 요청합니다. 워커 노드는 CPU가 두 개씩입니다. 적용을 누르고, 컨테이너가 차례로 실행되는 파드를
    kube-scheduler가 어떻게 계산하는지(유효 요청, effective request) 확인하세요. 그다음 web 컨테이너는
    건드리지 않고 파드가 노드에 들어가게 만드세요.
goal-rejected = kube-scheduler가 두 워커 노드 모두에서 Insufficient cpu를 보고한다
goal-running = migrate가 완료된 뒤 app이 실행되고, web 컨테이너의 요청은 여전히 500m이다
hint-1 = kubectl describe pod app에서 컨테이너별 Requests와 FailedScheduling 이벤트를 확인하세요.
hint-2 = 요청이 너무 큰 것은 migrate뿐입니다. 이미 있는 파드의 요청은 바꿀 수 없으니 먼저 app을 지우세요.
hint-3 = migrate의 CPU 요청을 1로 바꾸고 다시 적용을 누르세요.
question-does-it-fit = migrate(CPU 3개)는 web(500m)이 시작하기 전에 끝나므로 둘이 함께 실행되는 일은 없습니다. app은 CPU가 두 개인 워커 노드에 들어갈까요?
question-does-it-fit-fits = 들어간다. 어느 순간에도 컨테이너 하나만큼만 쓰고, web에는 500m면 충분하다
question-does-it-fit-does-not-fit = 들어가지 않는다. 노드는 가장 큰 초기화 컨테이너도 담을 수 있어야 한다
question-does-it-fit-explain =
    스케줄러는 파드가 살아 있는 동안 유효 요청만큼을 예약합니다. 유효 요청은 앱 컨테이너 요청의
    합과, 초기화 컨테이너 하나의 요청 중 가장 큰 값 가운데 더 큰 쪽입니다. 초기화 컨테이너는 하나씩
    따로 실행되기 때문입니다. 여기서는 max(3, 0.5) = CPU 3개로, 워커 노드의 allocatable CPU 2개보다
    큽니다. migrate를 CPU 1개로 줄이면 유효 요청이 1이 되어 파드가 들어갑니다. kubectl describe node를
    보면 migrate가 끝난 뒤에도 app이 CPU 1개를 차지하고 있습니다. 네이티브 사이드카
    (restartPolicy: Always인 초기화 컨테이너)는 계산을 바꿉니다. 계속 실행되므로 그 요청이 앱 컨테이너
    합계에도, 그 뒤에 시작하는 모든 초기화 컨테이너에도 더해집니다.
