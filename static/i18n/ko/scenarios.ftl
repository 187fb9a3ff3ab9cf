# 내장 시나리오(crates/lessons): 시나리오 선택 목록, 그리고 시나리오마다 제목과 두 줄 소개.
# 첫 줄: 학습자가 보게 될 것. 둘째 줄: 무엇을 누르거나 해 볼지.

scenario-picker-label = 시나리오

scenario-nginx-title = 첫 파드: nginx
scenario-nginx-intro =
    nginx 파드 하나가 kubectl에서 kube-apiserver, etcd, 스케줄러, kubelet을 거쳐 Running이 되기까지 따라가 봅니다.
    적용을 누른 뒤 `kubectl delete pod nginx`로 파드가 정상적으로 종료되는 과정도 지켜보세요.

scenario-insufficient-memory-title = Pending: 메모리가 모자랄 때
scenario-insufficient-memory-intro =
    파드가 메모리를 6Gi나 요청하는데 그만큼 여유 있는 워커 노드가 없어서, 스케줄러는 파드를 Pending으로 두고 그 이유를 남깁니다.
    적용을 누르고 FailedScheduling 이벤트를 읽어 본 다음, 삭제를 누르고 요청량을 1Gi로 줄여 다시 적용해 보세요(파드의 요청량은 apply로 바꿀 수 없습니다).

scenario-untolerated-taint-title = Pending: 톨러레이션이 없는 테인트
scenario-untolerated-taint-intro =
    두 워커 노드에 배치 작업 전용 테인트가 걸려 있어서, 톨러레이션이 있는 report 파드는 실행되고 web 파드는 Pending에 머뭅니다.
    적용을 누른 뒤 제안된 명령으로 worker-2의 테인트를 지우면 web 파드가 곧바로 스케줄되는 것을 볼 수 있습니다.

scenario-image-pull-backoff-title = ImagePullBackOff: 존재하지 않는 이미지 태그
scenario-image-pull-backoff-intro =
    nginx:1.99라는 이미지는 없기 때문에 풀(pull)이 실패하고(ErrImagePull), kubelet은 점점 간격을 늘려 가며 다시 시도합니다(ImagePullBackOff).
    적용을 누르고 이벤트에서 재시도를 확인한 뒤, 태그를 1.27로 고쳐 다시 적용해 보세요.

scenario-crash-loop-backoff-title = CrashLoopBackOff: 계속 종료되는 컨테이너
scenario-crash-loop-backoff-intro =
    DATABASE_URL이 없어서 앱이 종료 코드 1로 끝나 버리고, kubelet은 10초, 20초, 40초… 점점 오래 기다렸다가 컨테이너를 다시 시작합니다.
    적용을 누르고 RESTARTS가 늘어나는 것을 지켜보세요. 막 종료된 직후에는 STATUS가 Error이고 죽은 컨테이너가 아직 현재 컨테이너이므로 `kubectl logs api`로 종료 이유를 볼 수 있습니다.
    STATUS가 CrashLoopBackOff가 되면 그 컨테이너는 Last State로 옮겨지니 `kubectl logs api --previous`로 확인하세요(kubelet은 종료된 컨테이너를 가장 최근 것 하나만 남기므로, Error 동안에는 이 플래그로 찾을 것이 없습니다).

scenario-oom-killed-title = OOMKilled: 메모리 상한 초과
scenario-oom-killed-intro =
    상한이 100Mi인 컨테이너에서 stress가 250M를 할당하려 하자 커널의 OOM killer가 프로세스를 끝내고(종료 코드 137), kubelet이 컨테이너를 다시 시작합니다.
    적용을 누른 뒤 `kubectl describe pod memory-hog`의 Last State에서 Reason: OOMKilled를 찾아보세요.

scenario-init-container-wait-title = 데이터베이스를 기다리는 초기화 컨테이너
scenario-init-container-wait-intro =
    postgres-svc 뒤의 postgres가 준비될 때까지 myapp은 Init:0/1에 머물고, 준비가 끝나야 앱 컨테이너가 시작됩니다.
    적용을 누르고 두 파드를 지켜본 다음, 초기화 컨테이너의 로그에서 기다린 흔적을 확인하세요.

scenario-native-sidecar-title = 네이티브 사이드카 컨테이너
scenario-native-sidecar-intro =
    initContainers에 restartPolicy: Always로 선언한 사이드카 컨테이너는 먼저 시작하고 작업이 끝난 뒤에 멈추므로 파드가 Completed가 되지만, 일반 컨테이너로 두면 파드는 NotReady에 머뭅니다.
    적용을 누르고 두 파드를 비교한 뒤, 사이드카 로그에서 SIGTERM을 받고 로그를 내보내는 모습을 확인하세요.

scenario-readiness-vs-liveness-title = 준비성 프로브와 활성 프로브의 차이
scenario-readiness-vs-liveness-intro =
    준비성 프로브(readiness)가 실패하면 파드는 0/1이 되어 트래픽에서만 빠지고, 활성 프로브(liveness)가 실패하면 kubelet이 컨테이너를 죽이고 다시 시작합니다.
    적용을 누르고 두 파드의 READY와 RESTARTS를 지켜본 뒤, Unhealthy 이벤트를 살펴보세요.

scenario-pid1-termination-title = 정상 종료: PID 1은 누구인가
scenario-pid1-termination-intro =
    exec 형식에서는 앱이 PID 1이라 SIGTERM을 받고 1초 안에 끝나지만, 셸 형식에서는 PID 1인 sh가 시그널을 처리하지 않아 앱에 전달되지 않고, 앱은 30초의 종료 유예 기간이 끝난 뒤 SIGKILL로 강제 종료됩니다.
    적용을 누른 뒤 exec-form과 shell-form을 차례로 삭제하고 각각 얼마나 걸리는지 비교해 보세요.

scenario-endpoint-race-title = preStop과 엔드포인트 경쟁
scenario-endpoint-race-intro =
    파드를 지우면 두 가지 일이 동시에 시작됩니다. kubelet은 컨테이너를 멈추고, 엔드포인트 제거는 EndpointSlice 컨트롤러를 거쳐 모든 노드의 kube-proxy까지 전해집니다(약 1~5초). 그 사이에 도착한 요청은 실패합니다.
    Apply를 누른 뒤 두 Service에 트래픽을 보내고 web-safe-2와 web-2를 지워서 두 요약을 비교해 보세요. 5초짜리 preStop sleep이 모든 노드가 따라잡을 때까지 nginx가 계속 응답하게 해 줍니다.

scenario-rolling-update-title = Service 뒤에서 일어나는 롤링 업데이트
scenario-rolling-update-intro =
    새 이미지를 지정하면 Deployment는 새 ReplicaSet을 만들고 기존 ReplicaSet과 파드를 주고받습니다. 파드는 네 개보다 최대 하나 많거나 하나 적을 수 있습니다(maxSurge와 maxUnavailable이 각각 25%).
    Apply를 누르고 트래픽을 보낸 뒤 새 이미지를 지정해 롤아웃을 지켜보세요. 그다음 preStop 훅의 주석을 풀고 Apply한 뒤 다시 롤아웃하면 실패하는 요청이 없습니다.

scenario-job-backoff-title = 계속 실패하는 잡: 백오프와 backoffLimit
scenario-job-backoff-intro =
    migrate 파드는 상태 코드 1로 끝납니다. 잡 컨트롤러는 10초, 다음엔 20초를 기다렸다가 새 파드를 만들고, 세 번째 실패 뒤에는 잡에 FailureTarget, 이어서 Failed(BackoffLimitExceeded)를 표시합니다.
    Apply를 누르고 잡 컨트롤러가 내리는 결정을 따라가 보세요. 그다음 `exit 1`을 `exit 0`으로 고치고 Delete, Apply를 다시 누르세요.

scenario-statefulset-order-title = 스테이트풀셋: 순번대로 하나씩
scenario-statefulset-order-intro =
    db-0, db-1, db-2라는 이름의 파드 세 개입니다. OrderedReady에서는 앞의 파드가 Running이면서 Ready가 된 뒤에야 컨트롤러가 다음 파드를 만들고, 각 파드는 이름과 DNS 이름을 그대로 유지합니다.
    Apply를 누르고 statefulset-controller 레인을 지켜보세요. 그다음 제안된 명령으로 축소하거나(가장 높은 순번부터), Parallel로 바꾸고 Delete, Apply를 다시 눌러 보세요.

scenario-thousand-pods-title = 노드 스무 개 위의 파드 천 개
scenario-thousand-pods-intro =
    작은 레플리카 1,000개를 가진 Deployment를 노드 스무 개짜리 클러스터에 올립니다(준비 스크립트가 워커 열일곱 개를 더했습니다). ReplicaSet은 파드를 점점 커지는 묶음으로, 한 번의 동기화에 최대 500개까지 만들고, 스케줄러는 이를 워커 열아홉 개에 나누어 배치하며, 각 kubelet이 자기 몫을 시작합니다.
    Apply를 누르면 실행 전체가 백그라운드에서 계산되고 진행 상황이 표시됩니다. 그동안에도 페이지를 쓸 수 있고, 취소를 누르면 멈춥니다. 그다음 타임라인을 움직여 보거나 `kubectl get pods -o wide`로 파드가 어디에 놓였는지 확인해 보세요.
scenario-zone-spread-title = 노드 250개, 세 영역에 나뉜 파드 600개
scenario-zone-spread-intro =
    준비 스크립트가 클러스터를 노드 250개로 늘리고 세 영역(zone)에 나누어 넣습니다. 처음부터 있던 워커 두 개에는 영역 레이블이 없어서 분산 제약 때문에 파드가 그곳에는 가지 않습니다. Deployment의 레플리카 600개는 영역마다 고르게 놓여야 합니다(maxSkew 1).
    Apply를 누른 뒤 스케줄링 사이클로 가 보세요. 노드가 250개이면 kube-scheduler는 통과한 노드가 120개가 되는 순간 필터링을 멈춥니다(percentageOfNodesToScore의 기본값, 노드의 48 %). 다음 사이클은 거기서부터 이어 갑니다. 분산 제약 때문에 한 영역만 열려 있을 때는 통과하는 노드가 120개보다 적어 모든 노드를 살펴봅니다. 이 규모에서는 트레이스가 파드 열 개 중 하나의 반응만 모두 남깁니다.
