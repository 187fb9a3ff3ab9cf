title = 종료 코드 읽기
intro =
    exits 파드는 작은 서비스를 실행합니다. /tmp/fail 파일이 생기면 1로, /tmp/finish 파일이 생기면
    0으로 종료하고, SIGTERM을 받으면 143으로 종료합니다. 컨테이너를 네 가지 방법으로 끝내 보고,
    그때마다 kubectl describe pod exits의 Last State에서 어떻게 끝났는지 읽어 보세요. 파일은
    kubectl exec로 만들고, 그다음에는 노드에서 crictl로 컨테이너를 멈춥니다. 한 번은
    --timeout 10을 주고(SIGTERM, 10초 뒤 SIGKILL), 한 번은 주지 않습니다(곧바로 SIGKILL).
    restartPolicy가 Always라 컨테이너는 매번 다시 살아납니다. 다음 단계로 가기 전에 Running이
    될 때까지 기다리세요.
goal-code-1 = 컨테이너가 종료 코드 1로 끝난다(reason Error)
goal-code-0 = 컨테이너가 종료 코드 0으로 끝난다(reason Completed)
goal-code-143 = 컨테이너가 종료 코드 143으로 끝난다(128 + 15, SIGTERM)
goal-code-137 = 컨테이너가 종료 코드 137로 끝난다(128 + 9, SIGKILL)
hint-1 = kubectl exec exits -- touch /tmp/fail을 실행하면 컨테이너가 코드 1로 끝납니다. 다음 단계 전에 kubectl get pod exits로 다시 Running인지 확인하세요.
hint-2 = crictl은 파드가 있는 노드에서 실행합니다. 노드 이름은 kubectl get pod exits -o wide에, 컨테이너 ID는 podlife node NODE -- crictl ps --name app -q에 나옵니다.
hint-3 = podlife node NODE -- crictl stop --timeout 10 ID는 먼저 SIGTERM으로 요청하고, podlife node NODE -- crictl stop ID는 곧바로 SIGKILL을 보냅니다.
question-kill-code = 서비스는 SIGTERM을 잡아 143으로 종료했습니다. 이번에는 --timeout 없이 crictl stop을 실행해 SIGKILL을 보냅니다. Last State에는 어떤 종료 코드가 나올까요?
question-kill-code-code-143-again = 다시 143: trap이 실행되어 143으로 종료한다
question-kill-code-code-137 = 137: SIGKILL이 프로세스를 끝내고, trap은 실행되지 않는다
question-kill-code-code-0-clean = 0: 요청해서 멈춘 것이니 정상 종료다
question-kill-code-explain =
    128보다 큰 종료 코드는 시그널을 뜻합니다. 128에 시그널 번호를 더한 값입니다. SIGKILL(9)은
    잡거나 막거나 무시할 수 없어서 커널이 프로세스를 바로 끝내고, 런타임은 137을 보고합니다.
    SIGTERM(15)은 잡을 수 있습니다. 이 서비스는 SIGTERM을 잡아 같은 관례에 따라 143으로
    종료하는데, JVM도 그렇게 합니다. 핸들러가 없고 PID 1도 아닌 프로세스는 시그널에 의해 끝나므로
    역시 143이 됩니다. 반면 핸들러가 없는 PID 1은 SIGTERM을 무시하므로 유예 기간이 끝날 때 오는
    SIGKILL에야 멈추고, 이때는 137이 나옵니다. reason은 containerd가 정합니다. 0이면 Completed,
    그 밖의 코드는 Error, 커널의 OOM killer가 컨테이너를 끝냈다면 OOMKilled이며 이 경우도
    종료 코드는 137입니다.
