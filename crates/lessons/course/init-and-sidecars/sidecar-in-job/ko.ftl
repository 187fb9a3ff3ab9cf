title = 잡 안의 사이드카
intro =
    report 잡은 일반 컨테이너 두 개로 이루어진 파드를 하나 실행합니다. 보고서를 만들고 5초 뒤
    종료 코드 0으로 끝나는 report와, 멈추라는 말을 듣기 전까지 계속 도는 log-shipper입니다. 적용을
    누르고 report가 끝난 뒤 파드와 잡이 어떻게 되는지 보세요. 그다음 log-shipper를 네이티브
    사이드카로 바꾸고(initContainers로 옮기고 restartPolicy: Always를 줍니다) 잡을 다시 실행하세요.
    잡의 파드 템플릿은 바꿀 수 없으니 먼저 기존 잡을 삭제해야 합니다.
goal-stuck = log-shipper가 일반 컨테이너일 때는 report가 끝나도 파드는 NotReady, 잡은 active로 남는다
goal-complete = log-shipper를 네이티브 사이드카로 바꾸면 report 잡이 완료된다
hint-1 = 적용한 뒤 10초쯤 kubectl get pods와 kubectl get jobs를 지켜보세요. report가 끝난 뒤 log-shipper는 어떻게 되나요?
hint-2 = log-shipper 항목을 containers에서 새 initContainers 목록으로 옮기고 restartPolicy: Always를 추가하세요. 파드의 restartPolicy: Never는 그대로 둡니다.
hint-3 = kubectl delete job report로 잡과 그 파드를 지운 다음, 고친 매니페스트로 적용을 누르세요.
question-classic-after-report = report가 종료 코드 0으로 끝났습니다. 파드와 잡은 어떻게 될까요?
question-classic-after-report-job-keeps-running = log-shipper가 계속 돌기 때문에 파드는 끝나지 않고 잡도 active로 남는다
question-classic-after-report-shipper-stopped = 주 작업이 끝났으니 kubelet이 log-shipper를 멈춘다
question-classic-after-report-job-completes = 중요한 컨테이너는 report였으니 잡이 완료된다
question-classic-after-report-explain =
    쿠버네티스는 일반 컨테이너 중 어느 것이 주 컨테이너인지 모릅니다. restartPolicy가 Never인 파드는
    모든 컨테이너가 종료되어야 Succeeded가 되는데, log-shipper는 끝나지 않습니다. 그래서 파드는
    Running 단계(phase)에 머물며 NotReady(하나는 끝났고 하나는 실행 중)로 보이고, 잡은 성공할 파드를
    계속 기다립니다. 네이티브 사이드카가 나오기 전에는 공유 파일과 종료 스크립트 같은 우회책을 썼습니다.
question-native-after-report = 이번에는 log-shipper가 네이티브 사이드카이고, report가 방금 종료 코드 0으로 끝났습니다. 어떤 일이 일어날까요?
question-native-after-report-sidecar-stopped = kubelet이 log-shipper에 SIGTERM을 보내고, 파드는 성공하며 잡이 완료된다
question-native-after-report-still-stuck = 달라지는 것이 없다. log-shipper가 여전히 돌고 있으니 잡은 active로 남는다
question-native-after-report-explain =
    파드의 일반 컨테이너가 모두 종료되고 restartPolicy가 Never라서 다시 시작될 컨테이너도 없으면,
    kubelet은 파드를 멈춥니다. 사이드카는 SIGTERM을 받고, 여기서는 log-shipper가 로그를 비운 뒤
    종료합니다. 사이드카의 종료 코드는 파드의 단계(phase)에 반영되지 않으므로 파드는 Succeeded가 되고,
    잡 컨트롤러가 잡을 Complete로 표시합니다.
