title = preStop으로 경쟁 조건 막기
intro =
    앞 레슨과 같은 web 디플로이먼트가 web 서비스 뒤에서 돌고 있습니다. 파드 템플릿의 nginx 컨테이너에
    5초 동안 sleep 하는 preStop 훅(lifecycle.preStop.sleep.seconds: 5)을 추가하고 적용을 누른 뒤
    롤아웃이 끝나기를 기다리세요. 그다음 podlife traffic svc/web --rps 50 --for 40s를 다시 실행하고,
    트래픽이 흐르는 동안 파드를 내리세요. 하나를 삭제해도 되고,
    kubectl rollout restart deployment/web로 전부 교체해도 됩니다.
goal-prestop-in-template = 디플로이먼트의 파드 템플릿에 preStop 훅이 있다
goal-hook-under-load = 트래픽이 흐르는 동안 web 파드가 preStop 훅을 실행한다
goal-no-failures = 파드가 내려간 트래픽 실행이 실패 요청 0건으로 끝난다
hint-1 = 템플릿의 nginx 컨테이너 아래에 lifecycle, 그 아래 preStop, 그 아래 sleep과 seconds: 5를 넣고 적용을 누르세요.
hint-2 = kubectl rollout status deployment/web는 새 파드를 기다립니다. 옛 파드가 내려갈 시간을 몇 초 더 주세요. 옛 파드에는 훅이 없어서, 훅을 추가하는 이번 롤아웃 자체는 여전히 경쟁 조건을 겪습니다.
hint-3 = 트래픽을 시작하고 몇 초 sleep 한 뒤 kubectl rollout restart deployment/web(또는 파드 하나 삭제)를 실행하고, 결과 표가 나올 때까지 sleep 하세요.
question-failures = web 파드 하나가 Terminating이 되었고 preStop 훅이 5초 sleep을 시작했습니다. 이번 트래픽에서 실패하는 요청이 있을까요?
question-failures-none = 없다. 모든 kube-proxy가 이 파드를 놓을 때까지 nginx가 계속 응답한다
question-failures-some = 있다. 앞 레슨처럼 몇 건은 실패한다
question-failures-explain =
    훅이 경쟁 조건 자체를 없애지는 않습니다. 누가 이기는지를 바꿀 뿐입니다. 엔드포인트는 여전히 곧바로
    ready=false가 되었고 kube-proxy들은 여전히 1초에서 몇 초 걸려 그 엔드포인트를 뺐지만, 그 5초 동안
    nginx는 살아 있어서 도착한 요청에 모두 응답했습니다. kubelet은 훅이 끝난 뒤에야 SIGQUIT을 보냈고,
    그때는 어느 노드도 이 파드로 새 연결을 보내지 않았습니다. 대가는 파드마다 5초씩 늘어난 종료 시간이고,
    이 5초도 terminationGracePeriodSeconds(기본 30초)에서 빠집니다. 중지 시그널이 왔을 때 처리 중이던
    요청을 마무리하는 일은 여전히 앱의 몫입니다.
compare =
    비교를 열면 같은 출발점에서 이 경쟁을 두 번 재현합니다. web 서비스 뒤에 nginx 파드 세 개, 모든
    노드의 클라이언트, 같은 순간에 삭제되는 같은 파드까지 똑같고, A에는 preStop 훅이 없고 B에는 5초
    preStop sleep이 있습니다. 결과 표에서 A에는 실패한 요청이 있고 B에는 하나도 없습니다. 그 대가는
    ‘삭제부터 사라질 때까지’에 보입니다. B의 파드는 5초쯤 더 늦게 사라집니다.
