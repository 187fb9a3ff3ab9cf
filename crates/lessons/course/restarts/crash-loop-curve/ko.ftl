title = CrashLoopBackOff의 백오프
intro =
    편집기의 api 파드는 DATABASE_URL이 없어서 종료 코드 1로 끝납니다. 적용한 뒤
    kubectl get pods -w로 3분쯤 지켜보세요. kubelet은 재시작할 때마다 얼마나 기다리고, 그동안
    STATUS에는 무엇이 나올까요? 재시작을 미루는 동안에는 컨테이너의 waiting 상태에 그 지연 시간이
    적힙니다(kubectl get pod api -o yaml). 마지막으로 파드를 고치세요. 지운 다음 DATABASE_URL 환경
    변수를 넣어 다시 적용하면 됩니다.
goal-crash-loop = api의 STATUS에 CrashLoopBackOff가 나온다
goal-long-delay = kubelet이 api의 재시작을 1분 20초 미룬다(back-off 1m20s)
goal-fixed = DATABASE_URL이 설정된 api가 실행되고 Ready가 된다
hint-1 = 적용을 누른 뒤 kubectl get pods -w, 이어서 sleep 180을 실행하세요. 출력되는 한 줄 한 줄이 파드 상태의 변화입니다.
hint-2 = 지연 시간은 컨테이너 waiting 상태의 message에 있습니다. kubectl get pod api -o yaml에서 state.waiting 아래를 보세요. kubectl describe pod api에는 BackOff 이벤트가 나옵니다.
hint-3 = 이미 만들어진 파드의 환경 변수는 바꿀 수 없습니다. kubectl delete pod api로 지우고, 컨테이너에 이름이 DATABASE_URL인 env 항목(값은 예를 들어 postgres://db:5432/shop)을 넣어 다시 적용하세요.
question-next-delay = RESTARTS가 4가 되었습니다. kubelet은 재시작을 10초, 20초, 40초씩 미뤘고, 새 컨테이너는 벌써 또 죽었습니다. 다음 재시작은 얼마나 미뤄질까요?
question-next-delay-ten-seconds = 10초: 죽을 때마다 처음부터 다시 센다
question-next-delay-forty-seconds = 다시 40초: 지연이 그 값에 머문다
question-next-delay-eighty-seconds = 80초: 지연이 두 배가 된다
question-next-delay-five-minutes = 5분: 곧바로 최댓값이 된다
question-next-delay-explain =
    kubelet은 컨테이너마다 백오프를 따로 관리합니다. 처음 죽었을 때는 바로 재시작하고, 그다음부터는
    죽을 때마다 지연을 두 배로 늘립니다. 10초에서 시작해 20, 40, 80, 160초, 그 뒤로는 상한인
    300초(5분)가 계속됩니다. 재시작을 미루는 동안 컨테이너는 Waiting 상태이고 reason은
    CrashLoopBackOff, message에는 지연 시간(back-off 1m20s)이 적힙니다. kubelet이 파드를 동기화할
    때마다 아직 기다리는 중이면 BackOff 경고 이벤트가 하나씩 쌓입니다. 실제 재시작은 지연이 끝난 뒤
    kubelet이 처음 하는 동기화에서 일어나므로 몇 초 더 늦습니다. STATUS는 죽은 직후에는 Error,
    kubelet이 대기 중임을 보고한 뒤에는 CrashLoopBackOff로 번갈아 바뀌고, 파드의 단계(phase)는 내내
    Running입니다. 더 기다린다고 해결되지는 않습니다. 원인은 컨테이너, 여기서는 설정에 있고,
    DATABASE_URL을 넣은 새 파드는 바로 시작합니다.
