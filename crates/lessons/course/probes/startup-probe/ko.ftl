title = 느린 시작과 startup 프로브
intro =
    파드 slow의 앱은 8080 포트를 열기 전에 60초 동안 로딩합니다. liveness 프로브는 10초마다
    /healthz를 확인하고 세 번 실패하면 포기하므로, kubelet은 30초쯤 지나면 앱을 죽이고 이를
    되풀이합니다. RESTARTS와 파드 이벤트를 확인해 보세요. 그다음 slow.yaml에 앱이 뜰 시간을
    충분히 주는 startupProbe를 추가하고 파드를 교체하세요. 파드의 프로브는 그 자리에서 바꿀 수
    없으니 먼저 지우고(kubectl delete pod slow) 적용합니다.
goal-startup-waited = 앱이 로딩하는 동안 startup 프로브가 실패하다가 결국 성공한다
goal-ready-no-restart = startupProbe를 단 파드 slow가 재시작 없이 Ready가 된다
hint-1 =
    kubectl get events --field-selector involvedObject.name=slow를 보면 앱이 아직 로딩 중일 때
    liveness 프로브가 connection refused로 실패하고, 이어서 Killing 이벤트가 남습니다.
hint-2 =
    startupProbe가 한 번 성공할 때까지 kubelet은 liveness 프로브도 readiness 프로브도 실행하지
    않습니다. startupProbe는 failureThreshold × periodSeconds가 지나면 포기합니다. 앱에는 60초가
    필요하니 30 × 10초면 넉넉합니다.
hint-3 =
    컨테이너에 startupProbe를 추가하세요. path /healthz, port 8080으로 httpGet을 하고
    periodSeconds: 10, failureThreshold: 30을 줍니다. 그다음 kubectl delete pod slow로 지우고
    적용한 뒤 80초쯤 기다리세요.
question-while-loading = 새 파드는 같은 느린 앱을 같은 liveness 프로브로 실행하되, 여러분이 추가한 startup 프로브가 붙어 있습니다. 앱이 로딩하는 동안 무슨 일이 일어날까요?
question-while-loading-liveness-waits = startup 프로브가 몇 번 실패하지만, 성공할 때까지 liveness 프로브는 돌지 않는다. 재시작은 없다
question-while-loading-killed-again = 그래도 liveness 프로브가 30초쯤 뒤에 컨테이너를 죽인다
question-while-loading-startup-kills = startup 프로브가 처음 실패하는 순간 컨테이너를 재시작한다
question-while-loading-explain =
    startup 프로브가 아직 성공하지 않은 컨테이너에는 kubelet이 liveness 프로브도 readiness
    프로브도 실행하지 않습니다(컨테이너의 started 필드가 false). startup 프로브는 앱이 포트를 열
    때까지 10초마다 connection refused로 실패했고, 실패할 때마다 Unhealthy 이벤트만 남았을 뿐
    재시작은 없었습니다. 첫 성공으로 started가 true가 되자 liveness 프로브가 이어받아 그때부터
    10초마다 검사하고, readiness 프로브가 통과해 파드가 Ready가 되었습니다. 앱이
    failureThreshold × periodSeconds(30 × 10초 = 300초)보다 오래 걸렸다면 kubelet은
    "Container app failed startup probe, will be restarted"라는 메시지와 함께 컨테이너를 죽였을
    것입니다.
    initialDelaySeconds를 길게 잡으면 컨테이너가 시작될 때마다 liveness 프로브가 그 시간을 꼬박
    기다리지만, startup 프로브는 앱이 응답하는 즉시 liveness 프로브에 검사를 넘깁니다.
compare =
    비교를 열면 같은 출발점에서 같은 느린 앱을 두 번 시작합니다. A는 liveness 프로브를
    initialDelaySeconds: 20만큼 늦추는데, 너무 짧게 잡은 추측입니다. B는 startup 프로브가 liveness
    프로브를 붙잡아 둡니다. 결과 표에서 A는 재시작을 거듭하며 끝내 Ready가 되지 못하고, B는 재시작
    없이 1분쯤 뒤 Ready가 됩니다. kubelet이 A의 앱을 죽이는 반응은 A에만 있는 반응 목록에 보입니다.
