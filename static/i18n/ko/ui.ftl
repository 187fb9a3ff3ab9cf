# 화면에 쓰이는 말 (한국어). kubectl 출력과 API 이름은 번역하지 않습니다.

tagline = 쿠버네티스 1.36 파드가 생기고 사라지는 과정을 한 단계씩 봅니다.
footer = 모든 것은 이 페이지 안에서 돌아갑니다. 실제 클러스터 없이 쿠버네티스 1.36을 결정적으로 시뮬레이션하며, 어떤 데이터도 밖으로 보내지 않습니다.
language-label = 언어
share = 링크 공유
share-copied = 링크를 복사했습니다. 시나리오와 작성한 파일이 담겨 있습니다:
reset = 처음부터
hint-before-apply = 적용(Ctrl+Enter)을 누른 다음 ← → 키나 재생으로 한 단계씩 따라가 보세요.
hint-after-apply = ← → 키나 재생으로 단계를 옮기고, 콘솔에 kubectl 명령을 입력해 보세요.
embed-open = podlife에서 열기 ↗

notice-dismiss = 닫기
notice-saved-ignored = 저장해 둔 작업을 복원하지 못해 새로 시작했습니다. ({ $error })
notice-save-failed = 이 브라우저에 작업을 저장하지 못했습니다: { $error }
notice-shared-opened = 공유 링크를 열었습니다. 적용을 눌러 실행해 보세요.
notice-share-broken = 공유 링크를 열 수 없습니다: { $error }
notice-share-too-large = 링크를 만들지 못했습니다: { $error }

## 편집기

editor-label = 매니페스트
files-label = 파일
file-add = 파일 추가
file-rename = 새 파일 이름
file-rename-named = { $name } 이름 바꾸기
file-name-invalid = “{ $name }”은(는) 파일 이름으로 쓸 수 없습니다. 공백이나 슬래시 없이, “-”로 시작하지 않는 이름을 쓰세요.
file-name-taken = “{ $name }” 이름의 탭이 이미 있습니다.
file-close = { $name } 닫기
editor-file-label = { $name } (YAML)
editor-hint = Ctrl+Enter로 적용합니다. Tab은 들여쓰기이고, 편집기를 벗어나려면 Esc를 누른 뒤 Tab을 누르세요.
engine-loading = 클러스터 엔진을 불러오는 중입니다… 적용과 콘솔은 지금 써도 됩니다. 엔진이 준비되는 대로 실행됩니다.
apply = 적용
delete = 삭제
diagnostics-label = 매니페스트의 문제
diagnostic-at = { $line }행 { $column }열:

## 클러스터

stage-label = 클러스터
stage-title = 클러스터의 컴포넌트, 노드, 파드.
stage-title-active = 클러스터. 지금은 { $component } 차례입니다.
stage-apiserver-sub = 모든 요청: 인증 ▸ 인가 ▸ 어드미션 ▸ 유효성 검사 ▸ etcd
stage-control-plane = 컨트롤 플레인
stage-clients = 클라이언트
stage-registry = 이미지 레지스트리
stage-internet = 인터넷
stage-authn = 인증
stage-authz = 인가
stage-admission = 어드미션
stage-validation = 유효성 검사
stage-unscheduled = 아직 노드가 없는 파드
stage-no-pods = 파드 없음
stage-more-pods = +{ $count }개 더
stage-more-nodes = 그리지 않은 노드 { $count }개 더
legend-label = 파드 색
legend-running = 실행 중
legend-waiting = 대기 중
legend-failing = 실패
legend-terminating = 종료 중

## 방금 일어난 일

what-label = 방금 일어난 일
what-empty = 아직 아무 일도 없습니다. 적용을 눌러 매니페스트를 API 서버로 보내 보세요.
what-start = 준비되었습니다. 앞으로(→) 한 단계 가면 첫 반응이 보입니다.
what-background = 정기 작업
what-raw = 트레이스 줄 ({ $count })
changes-field = 필드
changes-before = 이전
changes-after = 이후
changes-updated = 이번 쓰기로 바뀐 필드
changes-created = 보낸 그대로 생성되었습니다.
changes-created-filled = 생성되었습니다. API 서버가 채워 넣은 필드(기본값과 어드미션):
changes-deleted = 오브젝트가 etcd에서 지워졌습니다.
changes-none = 관리용 값(resourceVersion)만 바뀌었습니다.
changes-more = …그 밖에 { $count }개.
cycle-caption = 스케줄링 사이클: 필터링 뒤 스코어링 (정규화 점수 0–100, 괄호 안은 원점수) × 가중치
cycle-node = 노드
cycle-filter = 필터
cycle-fits = 통과
cycle-not-scored = 점수 없음
cycle-scores = 점수
cycle-total = 합계
cycle-score-help = 정규화 점수 (원점수)
cycle-not-evaluated = 평가하지 않은 노드 (percentageOfNodesToScore): { $nodes }

## 타임라인

timeline-label = 타임라인
timeline-controls = 재생 제어
timeline-play = 재생
timeline-pause = 일시 정지
timeline-back = 한 단계 뒤로
timeline-forward = 한 단계 앞으로
timeline-back-key = 한 단계 뒤로 (←)
timeline-forward-key = 한 단계 앞으로 (→)
timeline-speed = 속도
timeline-next-of = 다음 반응 찾기
timeline-background = 정기 작업(하트비트)도 보기
timeline-scrub = 타임라인 위치
timeline-step = { $total }단계 중 { $step }단계 · { $time }
timeline-step-short = { $total }단계 중 { $step }단계
timeline-capped-steps = 한 번의 실행이 할 수 있는 최대치인 { $steps }단계에 닿아, podlife가 { $time } 시점에서 이 실행을 멈췄습니다. 클러스터는 그 시점 상태 그대로입니다. 콘솔에서 `sleep`을 입력하면 여기서부터 이어집니다.
timeline-computing = 계산 중: 지금까지 반응 { $reactions }개, 클러스터 시각 { $time }.
timeline-computing-start = 계산 중…
timeline-cancel = 취소
timeline-capped-timeline = 타임라인에는 반응을 최대 { $reactions }개까지만 담을 수 있어, podlife가 { $time } 시점에서 멈췄습니다. 클러스터는 그 시점 상태 그대로입니다. “처음부터”를 누르면 새 타임라인이 시작됩니다.
timeline-stopped = podlife가 반응 { $reactions }개를 처리한 뒤 { $time } 시점에서 멈췄습니다. { $why }. 클러스터는 그 시점 상태 그대로입니다.
stop-trace-full = 트레이스가 최대치인 반응 { $n }개에 도달했습니다
stop-steps = 이 명령에 허용된 인터프리터 단계 { $n }개를 모두 썼습니다(쉬지 않고 계산하는 컨테이너가 있습니다)
stop-reactions = 이 명령에 허용된 반응 { $n }개를 모두 썼습니다
stop-work = 이 명령에 허용된 작업량 { $n }단위를 모두 썼습니다(반응 하나에 1단위, 클러스터의 파드 { $pods }개마다 1단위, 캐시에서 읽는 오브젝트 { $objects }개마다 1단위가 더 듭니다)
stop-waiting = 이 명령은 끝없이 기다리는데, podlife는 한 번에 최대 { $duration }까지만 기다립니다

## 콘솔, 이벤트, 파드

lower-label = 콘솔과 표
tab-console = 콘솔
tab-events = 이벤트
tab-pods = 파드
tables-at-moment = 이 단계에서 kubectl get이 보여 주는 내용
console-log = 콘솔 출력
console-input = kubectl 명령
console-placeholder = kubectl get pods  (↑ 이전 명령, Tab 자동 완성)
console-empty = 명령과 그 출력이 여기에 나옵니다.
console-scratch = {"  "}({ $step }단계 시점의 복사본에서 실행했습니다. 타임라인은 그대로입니다)
console-try = 해 보기:
events-empty = 이 단계에는 아직 이벤트가 없습니다.
pods-empty = 이 단계에는 파드가 없습니다.

## 코스
course-open = 코스
course-unavailable = 코스를 읽지 못했습니다: { $error }
course-progress = 레슨 { $total }개 중 { $done }개 완료
course-sandbox = 샌드박스 열기
scenario-picker-in-lesson = (레슨 진행 중)
lesson-done-mark = 완료
lesson-goals = 목표
lesson-goal-done = 완료
lesson-goal-todo = 아직
lesson-hint = 힌트 보기 ({ $n }/{ $total })
lesson-hints-label = 힌트
lesson-next-command = 다음 명령:
lesson-no-next-command = 풀이의 명령을 모두 실행했습니다. 한 단계씩 넘기며 결과를 확인하세요.
lesson-complete = 모든 목표를 달성했습니다.
lesson-next = 다음 레슨: { $title }
lesson-last = 코스의 마지막 레슨이었습니다.
lesson-reset = 레슨 다시 시작
lesson-back = 코스 목록
lesson-compare = 두 버전 나란히 보기: { $title }
question-label = 예측해 보기
question-step-on = 이제 → 키나 재생으로 한 단계씩 넘기며 클러스터가 어떻게 움직이는지 지켜보세요.
question-right = 예측이 맞았습니다.
question-wrong = 클러스터는 다르게 움직였습니다.
question-unanswered = 선택하지 않았습니다.
question-answer = 실제로 일어난 일:
question-evidence = 해당 반응 보기
notice-progress-ignored = 저장된 코스 진행 상황을 읽지 못해 초기화했습니다: { $error }

## 파드 살펴보기
inspector-pick = 파드 살펴보기
inspector-label = 파드 { $pod }
inspector-close = 닫기
inspector-missing = 지금 보고 있는 단계에는 이 파드가 없습니다.
inspector-phase = 단계 (status.phase)
inspector-status = kubectl STATUS
inspector-ready = kubectl READY
inspector-node = 노드
inspector-ip = 파드 IP
inspector-note = 단계(phase)는 파드 전체를 요약한 값이고, STATUS는 kubectl이 컨테이너 상태를 읽어 보여 주는 값입니다. 강조된 칸은 이 단계에서 바뀐 것입니다.
inspector-conditions = 컨디션
inspector-no-conditions = 아직 컨디션이 없습니다. 파드의 status를 쓴 컴포넌트가 없습니다.
inspector-containers = 컨테이너
inspector-init = 초기화
inspector-sidecar = 사이드카
inspector-exit-code = 종료 코드 { $code }
inspector-signal = 시그널 { $signal }
course-loading = 코스를 불러오는 중…
notice-course-failed = 코스를 불러오지 못했습니다: { $error }
notice-texts-failed = 다른 언어의 텍스트를 불러오지 못했습니다: { $error }
notice-engine-failed = 클러스터 엔진이 멈췄습니다({ $error }). 마지막 작업 직전의 상태로 다시 시작했습니다.
notice-engine-unavailable = 클러스터 엔진을 실행하지 못했습니다({ $error }). 페이지를 새로 고쳐 다시 시도하세요.
notice-run-cancelled = 실행을 취소했습니다. 클러스터는 실행 전 상태 그대로입니다.
notice-no-lesson = 코스에 “{ $id }” 레슨이 없습니다.

## 레슨 만들기
builder-open = 레슨 만들기
builder-label = 지금 상태로 레슨 만들기
builder-hint = 레슨은 편집기의 파일에서 시작하고, 풀이는 지금까지 한 일(적용, 콘솔 명령, 흐른 시간)입니다. 지금 보고 있는 순간을 기준으로 학습자가 달성할 목표를 고르세요.
builder-title = 제목
builder-intro = 소개: 학습자가 보게 될 것과 할 일
builder-goals = 목표 (지금 보고 있는 순간에 성립하는 것)
builder-no-suggestions = 아직 제안할 목표가 없습니다. 먼저 적용을 누르고 단계를 진행하세요.
builder-create = 확인하고 링크 만들기
builder-link = 이 링크로 레슨이 열립니다(복사됨):
builder-needs-title = 레슨 제목을 입력하세요.
builder-needs-goal = 목표를 하나 이상 고르세요.
builder-needs-texts = 두 언어의 텍스트를 아직 불러오는 중입니다. 잠시 뒤에 다시 시도하세요.
builder-checking = 레슨을 끝까지 실행해 확인하는 중입니다…
builder-sequence = 직접 만든 레슨
builder-goal-phase = { $pod } 파드의 단계(phase)가 { $phase }이다
builder-goal-status = kubectl에서 { $pod } 파드가 { $status }로 보인다
builder-goal-ready = { $pod } 파드의 Ready 컨디션이 { $ready }이다
builder-goal-restarts = { $pod } 파드의 { $container } 컨테이너가 { $count }번 이상 재시작한다
builder-goal-last-reason = { $pod } 파드의 { $container } 컨테이너가 { $reason }(으)로 종료된다
builder-goal-workload-ready = { $kind } { $name }의 준비된 레플리카가 { $count }개이다
builder-goal-event = { $object }에 대한 { $reason } 경고 이벤트가 나타난다
builder-goal-traffic = { $service } 서비스로 보낸 트래픽의 실패 요청이 { $failed }개이다

## 처음 방문
welcome-title = podlife에 오신 것을 환영합니다
welcome-text = 파드의 첫 요청부터 마지막 시그널까지 이어지는 63개의 짧은 레슨으로 된 코스를 따라가 보세요. 레슨마다 할 일과 진행하면서 바로 체크되는 목표가 있습니다. 아니면 샌드박스에서 자유롭게 살펴봐도 됩니다.
welcome-course = 코스 시작하기
welcome-sandbox = 샌드박스 둘러보기

## 두 버전 비교 (issue 21)
compare-open = 비교
compare-label = 비교
compare-chooser-label = 두 버전 비교하기
compare-chooser-text = 같은 클러스터, 같은 시드에서 두 버전을 나란히 실행해 어디서 갈라지는지 봅니다. 한 시계에 맞춘 두 타임라인, 한쪽에만 있는 반응, 그리고 결과를 함께 보여 줍니다.
compare-chooser-close = 닫기
compare-variant = 지금 파일을 변형과 비교하기
compare-builtins = 준비된 비교
compare-opening = 비교를 여는 중…
compare-title-variant = 내 파일(A)과 변형(B)
compare-title-shared = 두 버전 나란히 보기
compare-intro-variant = 두 쪽 모두 같은 클러스터, 같은 시드에서 시작합니다. B를 고치고 ‘둘 다 적용’을 누른 뒤 두 타임라인을 함께 따라가 보세요. 표시가 붙은 반응은 한쪽에서만 일어난 일입니다.
compare-expect = 눈여겨볼 점:
compare-variant-a = 내 파일
compare-variant-b = 내 변형 (아래에서 고쳐 보세요)
compare-intro-shared = 같은 파일의 두 버전을 같은 클러스터, 같은 시드의 복사본에서 각각 실행했습니다. 두 타임라인을 함께 따라가 보세요. 표시가 붙은 반응은 한쪽에서만 일어난 일입니다.
compare-shared-a = 원래 파일
compare-shared-b = 바꾼 사본
compare-share = 비교 공유
compare-close = 비교 닫기
compare-run-label = 양쪽 실행
compare-apply = 둘 다 적용
compare-console-input = 양쪽에서 실행할 명령
compare-console-placeholder = kubectl get pods   (A와 B 모두에서 실행)
compare-run-hint = ‘둘 다 적용’은 A의 파일을 A에, B의 파일을 B에 보냅니다(어느 편집기에서든 Ctrl+Enter). 콘솔 명령은 두 클러스터에서 같은 순간에 실행됩니다.
compare-apply-failed = { $side } 쪽에서 kubectl이 문제를 알렸습니다. 아래 콘솔을 확인하세요.
compare-timeline-label = 한 시계에 맞춘 두 타임라인
compare-at = { $time } · A: { $atotal }개 중 { $a }번째 · B: { $btotal }개 중 { $b }번째
compare-step = { $step }번째 반응
compare-step-hint = ← →로 두 타임라인을 시간 순서대로 함께 넘깁니다. 레인을 누르면 그 순간으로 이동합니다.
compare-only-key = 이 실행에만 있음 (A: { $a }, B: { $b })
compare-only-mark = { $side }에만 있음: { $what }
compare-scrub = 시뮬레이션 시간
compare-lanes-label = A와 B의 타임라인을 한 시간 축에 놓은 그림. 누르면 그 순간으로 이동합니다
compare-capped = { $side } 쪽이 일찍 멈췄습니다. 콘솔을 확인하세요.
compare-outcomes-label = 결과
compare-outcomes-differ = 다른 항목: { $count }개
compare-outcomes-empty = 아직 비교할 결과가 없습니다. 양쪽에 무언가를 적용해 보세요.
compare-differs = 다름
compare-subject = 대상
compare-measure = 측정 항목
compare-never = 일어나지 않음
compare-only-label = 한쪽에만 있는 반응
compare-only-count = 모두 { $count }개
compare-only-none = 아직 없습니다. 두 실행이 (1초 안에서) 같은 일을 했습니다.
compare-only-in = { $side }에만 있음
compare-only-more = …외 { $count }개는 타임라인에만 표시됩니다.
compare-console-of = 콘솔 { $side }
compare-cluster-of = 클러스터 { $side }
compare-side-at = { $total }개 중 { $step }번째 반응 · { $time }
compare-what-empty = 이쪽에서는 아직 아무 일도 일어나지 않았습니다.
compare-editor-of = 매니페스트 { $side }
compare-file-label = { $side } 쪽의 { $name } (YAML)
compare-editor-hint-a = A: 처음 시작한 파일입니다.
compare-editor-hint-b = B: 여기서 무언가를 바꿔 보세요. 아래에 A와 달라진 줄이 보입니다.
compare-own-files = 양쪽에 직접 적용할 매니페스트 (선택)
compare-diff-label = A와 비교한 B
compare-diff-same = 아직 B는 A와 같습니다. B의 파일을 고쳐 변형을 만들어 보세요.
compare-diff-only-a = A에만 있음
compare-diff-only-b = B에만 있음
compare-diff-at = @@ A { $a }번째 줄, B { $b }번째 줄
compare-diff-approximate = (근사치)
compare-diff-truncated = 바뀐 줄은 처음 2,000줄까지만 보여 줍니다.
notice-compare-failed = 비교를 열 수 없습니다: { $error }

# 결과 측정 항목 (podlife_compare::outcome::Measure::id, 점은 대시로, 소문자)
measure-traffic-failed = 실패한 요청
measure-traffic-failedbysecond = 초별 실패
measure-traffic-summary = 트래픽 요약
measure-rollout-time = 마지막 롤아웃 소요 시간
measure-rollout-minavailable = 롤아웃 중 최소 가용 수
measure-rollout-maxreplicas = 롤아웃 중 최대 레플리카 수
measure-pods-created = 생성된 파드 수
measure-pod-restarts = 재시작 횟수
measure-pod-timetoready = Ready까지 걸린 시간
measure-pod-deletetogone = 삭제부터 사라질 때까지
measure-pod-exit = 종료 상태

# "한쪽에만 있는 반응" 목록의 트레이스 동작 (동작 id, 점은 대시로)
action-request = API 요청
action-scheduler-bind = 스케줄러가 파드를 바인딩함
action-scheduler-postfilter = 스케줄러가 선점을 시도함
action-kubelet-sync = kubelet 동기화
action-kubelet-kill = kubelet이 컨테이너를 멈춤
action-kubelet-evict = kubelet이 파드를 축출함
action-kubelet-hook = 라이프사이클 훅 실행
action-kubelet-exec = 컨테이너 안에서 exec
action-kubelet-logs = 로그 읽기
action-kubelet-probe = 프로브 실패
action-shim = 컨테이너 태스크 이벤트
action-signal = 시그널 전달
action-image-pull = 이미지 풀
action-traffic-request = 트래픽 요청
action-traffic-done = 트래픽 실행 끝
action-node-down = 노드 다운
action-node-up = 노드 복구
action-node-add = 노드 추가
action-node-shutdown = 노드 종료
action-node-boot = 노드 부팅
action-component-stop = 컴포넌트 중지
action-component-start = 컴포넌트 시작
action-netpol-drop = NetworkPolicy가 패킷을 버림
action-dns-forward = DNS 질의 전달
action-internet-dns = 인터넷 DNS 조회
action-internet-http = 인터넷 HTTP 요청
action-proxy-sync = kube-proxy 동기화
action-proxy-restore = iptables-restore
