title = SIGTERM 다음은 SIGKILL
intro =
    stubborn 파드의 앱에는 SIGTERM 핸들러가 없어서 이 시그널을 그냥 무시합니다.
    kubectl delete pod stubborn --wait=false로 삭제하고 kubectl get pod stubborn -w로 지켜보세요.
    얼마 동안 Terminating으로 남아 있고, 어떻게 끝날까요? 그다음 stubborn.yaml로 파드를 다시 만들고,
    이번에는 kubectl delete의 --grace-period나 파드의 terminationGracePeriodSeconds로 더 빨리
    끝나게 해 보세요.
goal-sigkilled = stubborn이 SIGTERM을 무시하고 SIGKILL로 강제 종료된다(종료 코드 137)
goal-shorter = 새로 만든 stubborn 파드가 10초 이하의 유예 기간 뒤에 강제 종료된다
hint-1 = kubectl delete pod stubborn --wait=false를 실행하고, kubectl get pod stubborn -w를 건 다음 30초 조금 넘게 sleep 하세요.
hint-2 = 파드가 사라지면 kubectl apply -f stubborn.yaml(또는 적용)로 다시 만드세요.
hint-3 = 삭제 요청은 파드의 30초 대신 자기 유예 기간을 지정할 수 있습니다: kubectl delete pod stubborn --grace-period=5.
question-how-long = SIGTERM이 stubborn에 도착했지만 무시되었습니다. 이제 어떻게 될까요?
question-how-long-at-once = kubelet이 곧바로 SIGKILL을 보낸다
question-how-long-after-grace = terminationGracePeriodSeconds인 30초가 지날 때까지 계속 돌다가 SIGKILL로 끝난다
question-how-long-never = 누군가 강제 삭제할 때까지 Terminating으로 남는다
question-how-long-explain =
    SIGTERM은 요청일 뿐이라 프로세스가 무시할 수 있습니다. kubelet은 파드의
    terminationGracePeriodSeconds인 30초를 타임아웃으로 containerd에 컨테이너 중지를 요청해 두었고,
    그 시간이 다 되자 런타임이 SIGKILL을 보냈습니다. SIGKILL은 어떤 프로세스도 잡거나 무시할 수
    없습니다. 컨테이너는 종료 코드 137(128 + SIGKILL의 번호 9), 이유 Error로 끝났고, kubectl은 파드가
    지워지기 직전 잠깐 STATUS를 Error로 보여 줍니다. 삭제 요청은 --grace-period로 자기 유예 기간을
    정할 수 있습니다(이미 종료 중인 파드를 다시 삭제할 때는 줄이는 것만 됩니다). 종료에 시간이 더
    필요한 앱이라면 terminationGracePeriodSeconds를 늘려야 합니다.
