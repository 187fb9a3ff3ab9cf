title = 백오프가 처음으로 돌아갈 때
intro =
    편집기의 worker는 큐에 연결하지 못합니다. 처음 여섯 번은 시작하자마자 죽고, kubelet의 지연은
    2m40s까지 늘어납니다. 일곱 번째 시도는 연결에 성공해 11분 동안 일하다가 역시 죽습니다. 적용한
    뒤 kubectl get pods -w와 긴 sleep 몇 번으로 클러스터 시간 20분쯤을 따라가 보세요. 오래 돌고
    죽은 뒤에 kubelet은 어떻게 할까요? 지금 몇 번째 시도가 돌고 있는지는 kubectl logs worker로 알 수
    있습니다.
goal-long-run = worker의 일곱 번째 시도가 11분 동안 일한 뒤 죽는다
goal-restarted-at-once = 오래 돈 뒤에는 기다림 없이 재시작된다: 다음에 STATUS가 CrashLoopBackOff를 보일 때 RESTARTS는 이미 6을 넘었다
hint-1 = 적용을 누르고 kubectl get pods -w를 실행한 뒤 sleep 360을 하세요. 그때쯤이면 일곱 번째 시도가 돌고 있고, kubectl logs worker에서 확인할 수 있습니다.
hint-2 = sleep 660이면 일곱 번째 시도가 끝나는 시점을 지나갑니다. 그 뒤로 RESTARTS가 얼마나 빨리 늘어나는지 보세요.
hint-3 = STATUS가 다시 CrashLoopBackOff가 될 때까지 기다린 뒤, kubectl get pod worker -o yaml의 state.waiting.message에서 지연 시간을 읽고 오래 돌기 전의 2m40s와 비교해 보세요.
question-after-long-run = 일곱 번째 시도가 시작되었고, 11분 동안 일한 뒤 죽을 예정입니다. 그 전에 kubelet은 재시작을 2m40s 미뤘습니다. 이번에 죽으면 재시작은 얼마나 미뤄질까요?
question-after-long-run-five-minutes = 5분: 두 배로 늘어난 다음 단계이자 상한
question-after-long-run-same-again = 다시 2m40s: 지연은 멈춘 자리에 머문다
question-after-long-run-at-once = 기다리지 않는다: 바로 재시작하고, 지연은 10초부터 다시 늘어난다
question-after-long-run-explain =
    kubelet은 10분 동안 쓰이지 않은 백오프를 잊어버립니다. kubelet은 재시작하기 직전마다 백오프를 한
    단계 올리는데, 컨테이너가 그때부터 600초가 넘게 지나서 끝나면 백오프가 만료된 것으로 봅니다.
    그러면 맨 처음 죽었을 때처럼 바로 재시작하고, 이후 지연도 10초부터 다시 시작합니다(10, 20,
    40, 80초). RESTARTS가 1분 30초 남짓 사이에 네 번이나 늘어난 이유입니다. 기준은 컨테이너가 얼마나
    오래 돌았느냐이지 얼마나 기다렸느냐가 아닙니다. 재시작한 지 10분 안에 죽는 컨테이너는 5분까지
    계속 늘어나는 지연을 그대로 겪습니다.
