course-title = 파드의 탄생과 죽음
course-intro = 파드가 처음 요청으로 들어와 마지막 시그널을 받기까지를 순서대로 따라갑니다. 레슨마다 작은 클러스터에서 할 일이 주어지고, 진행하는 동안 바로 확인해 줍니다.

sequence-birth-title = 파드의 탄생
sequence-birth-intro = kubectl에서 실행 중인 컨테이너까지: kube-apiserver가 요청을 인증·인가하고 어드미션과 유효성 검사를 거치는 과정, 스케줄러가 파드를 노드에 바인딩하는 과정, 그 노드의 kubelet이 파드를 시작하는 과정, 그리고 이 가운데 하나가 빠졌을 때 파드가 어떻게 보이는지.

sequence-runtime-title = 런타임과 샌드박스
sequence-runtime-intro = kubelet 아래에서 실제 일을 하는 것은 containerd와 runc입니다. pause 컨테이너가 파드의 네임스페이스를 붙잡고, 이미지는 노드별 저장소에 쌓이며, 컨테이너는 자신을 띄운 데몬보다 오래 삽니다. crictl로 샌드박스를 살펴보고, PID 네임스페이스를 공유해 보고, 재시작에도 유지되는 IP와 이미지 풀 정책, 풀 백오프를 확인한 뒤, 컨테이너를 건드리지 않고 containerd를 재시작해 봅니다.

sequence-scheduling-title = 스케줄링: 파드가 놓이는 곳, 놓이지 못하는 이유
sequence-scheduling-intro =
    kube-scheduler는 파드가 쓸 수 없는 노드를 걸러내고, 남은 노드에 점수를 매겨 1위 노드에 파드를
    바인딩합니다. FailedScheduling 메시지와 점수표를 읽고, 요청(request), 테인트와 톨러레이션,
    어피니티, 분배 제약, 우선순위로 스케줄러를 움직여 보세요.

sequence-init-and-sidecars-title = 초기화 컨테이너와 사이드카
sequence-init-and-sidecars-intro = 앱이 시작되기 전과 멈춘 뒤에 일어나는 일: 하나씩 실행되고, 실패하고, 의존 서비스를 기다리는 초기화 컨테이너, 먼저 시작해 나중에 멈추는 네이티브 사이드카, 그리고 이들이 파드의 요청량에 어떻게 계산되는지.

sequence-status-title = 단계, 상태, 컨디션
sequence-status-intro = 파드가 스스로에 대해 보고하는 것들: 파드 전체의 단계(phase), 컨테이너마다의 상태, 컨디션, 그리고 kubectl이 이들로 만드는 STATUS 컬럼. 파드가 있는 노드와 연락이 끊겼을 때도 살펴봅니다.

sequence-restarts-title = 컨테이너 재시작
sequence-restarts-intro = 컨테이너가 끝나면 그 노드의 kubelet이 다음 일을 정합니다. 재시작 정책, CrashLoopBackOff 백오프와 그것이 처음으로 돌아가는 때, 종료 코드, OOMKilled, 그리고 죽은 컨테이너가 남긴 로그를 다룹니다.

sequence-termination-title = 파드의 종료
sequence-termination-intro = 파드 삭제는 kube-apiserver, kubelet, 컨테이너의 PID 1이 주고받는 과정입니다. 삭제 표시, preStop 훅, SIGTERM, 유예 기간, SIGKILL, 그리고 서비스 엔드포인트와의 경쟁까지 차례로 살펴봅니다.

sequence-nodes-title = 노드와 중단
sequence-nodes-intro = 노드가 고장 나거나, 드레인되거나, 메모리가 모자랄 때: 축출 시점을 정하는 테인트와 톨러레이션, 드레인의 속도를 조절하는 PodDisruptionBudget, 누가 먼저 희생될지 정하는 QoS 클래스.

sequence-probes-title = 프로브: 준비, 생존, 시작
sequence-probes-intro =
    kubelet은 여러분이 지정한 프로브로 컨테이너를 계속 검사합니다. readiness 프로브는 파드가
    트래픽을 받을지, liveness 프로브는 컨테이너를 재시작할지, startup 프로브는 느린 앱이 뜨기까지
    얼마나 기다릴지를 정합니다. periodSeconds와 failureThreshold는 그 판단이 얼마나 빨리
    내려지는지를 정합니다.

sequence-workloads-title = 워크로드: 파드를 살려 두는 컨트롤러
sequence-workloads-intro =
    파드를 하나하나 손으로 만드는 일은 드뭅니다. 컨트롤러가 여러분이 요청한 상태와 눈에 보이는 상태를
    끊임없이 비교하며 대신 만들어 줍니다. 레플리카셋이 스스로 복구하고 레이블로 파드를 입양하는 모습,
    디플로이먼트가 배포하고 멈추고 롤백하는 모습, 스테이트풀셋이 이름과 순서를 지키는 모습, 데몬셋이
    노드를 따라가는 모습, 그리고 잡과 크론잡이 끝나는 작업을 실행하는 모습을 봅니다.
