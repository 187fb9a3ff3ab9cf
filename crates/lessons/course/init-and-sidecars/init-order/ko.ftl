title = 초기화 컨테이너는 하나씩
intro =
    web 파드에는 nginx 컨테이너 앞에 fetch-config와 migrate-db, 두 개의 초기화 컨테이너가 있습니다.
    kubelet은 초기화 컨테이너를 적힌 순서대로 하나씩 실행하고, 앞의 컨테이너가 종료 코드 0으로
    끝나야 다음 컨테이너를 시작합니다. 앱 컨테이너는 초기화 컨테이너가 모두 끝난 뒤에야 시작됩니다.
    적용을 누르고 콘솔에서 STATUS가 Init:0/2, Init:1/2, PodInitializing, Running으로 바뀌는 과정을
    따라가 보세요(kubectl get pods -w). 그다음 kubectl logs로 초기화 컨테이너가 남긴 출력을 읽어 보세요.
goal-one-at-a-time = fetch-config가 종료 코드 0으로 끝난 뒤에야 migrate-db가 시작된다
goal-app-after-init = migrate-db가 종료 코드 0으로 끝난 뒤에야 web 컨테이너가 시작된다
goal-init-logs = 초기화 컨테이너의 로그를 읽는다(kubectl logs web -c 이름)
goal-ready = web 파드의 Ready 컨디션이 True가 된다
hint-1 = 적용을 누른 뒤 파드를 지켜보세요. kubectl get pods -w를 쓰거나 몇 초마다 kubectl get pods를 실행하면 됩니다.
hint-2 = 초기화 컨테이너의 출력은 컨테이너가 끝난 뒤에도 읽을 수 있습니다: kubectl logs web -c fetch-config.
question-second-init = fetch-config가 막 시작해 4초 동안 sleep합니다. 그동안 migrate-db는 무엇을 하고 있을까요?
question-second-init-waits-its-turn = 아직 아무것도 하지 않는다. fetch-config가 0으로 끝나야 컨테이너가 만들어진다
question-second-init-runs-alongside = 함께 실행된다. 초기화 컨테이너는 모두 동시에 시작된다
question-second-init-explain =
    초기화 컨테이너는 spec.initContainers에 적힌 순서대로 엄격하게 하나씩 실행됩니다. kubelet은
    동기화할 때마다 다음 초기화 컨테이너 하나만 시작하며, 그것도 바로 앞 컨테이너가 종료 코드 0으로
    끝난 뒤에만 시작합니다. fetch-config가 도는 동안 migrate-db는 컨테이너조차 없습니다. kubectl은
    끝난 개수를 세어 Init:0/2, 이어서 Init:1/2로 보여 줍니다.
question-nginx-pull = migrate-db가 실행 중입니다. kubelet은 web 컨테이너가 쓸 nginx 이미지를 언제 받을까요?
question-nginx-pull-after-init = 마지막 초기화 컨테이너가 끝난 뒤에야 받는다
question-nginx-pull-at-the-start = 시간을 아끼려고 처음에 busybox와 함께 받는다
question-nginx-pull-explain =
    kubelet은 컨테이너를 시작하기 직전에 그 컨테이너의 이미지를 받습니다. 그리고 남은 초기화 컨테이너가
    있는 동안에는 그 초기화 컨테이너 말고는 아무것도 시작하지 않습니다. 그래서 nginx 이미지는
    migrate-db가 0으로 끝난 뒤에야 받습니다. 이미지를 받는 동안에는 초기화 컨테이너가 모두 끝났지만
    web은 아직 실행 전이라 STATUS가 PodInitializing으로 보입니다.
