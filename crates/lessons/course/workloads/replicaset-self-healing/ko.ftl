title = 스스로 복구하는 레플리카셋
intro =
    레플리카셋이 하는 일은 하나입니다. 셀렉터에 맞는 파드의 수를 spec.replicas와 같게 유지하는
    것입니다. 편집기에는 nginx 레플리카 세 개짜리 web 레플리카셋이 있습니다. 적용을 누르고 파드 세
    개가 Running이 될 때까지 기다린 다음, kubectl delete pod로 그중 하나를 지우고 곧바로 파드 목록과
    레플리카셋의 이벤트를 확인해 보세요.
goal-running = web 파드 세 개가 Ready 상태다
goal-replaced = web 파드를 지우면 레플리카셋이 대체 파드를 만들어 다시 세 개가 Ready 상태가 된다
hint-1 = 적용을 누르고 kubectl get pods로 파드 이름 세 개를 확인하세요(web- 뒤에 임의의 다섯 글자가 붙습니다).
hint-2 = 삭제가 끝나기를 기다리지 않도록 kubectl delete pod NAME --wait=false처럼 하나를 지운 뒤 kubectl get pods와 kubectl get events --field-selector involvedObject.kind=ReplicaSet을 실행해 보세요.
question-after-delete = 파드 세 개 중 하나를 지웠습니다. 레플리카셋은 무엇을 할까요?
question-after-delete-replaced-at-once = 지운 파드가 아직 종료되는 중인데도 곧바로 대체 파드를 만든다
question-after-delete-after-gone = 지운 파드가 완전히 사라질 때까지 기다렸다가 대체 파드를 만든다
question-after-delete-stays-two = 아무것도 하지 않는다. 레플리카셋을 다시 적용할 때까지 파드는 두 개다
question-after-delete-explain =
    곧바로 대체 파드를 만듭니다. 삭제 요청은 파드에 deletionTimestamp를 기록했고, 파드를 지켜보던
    replicaset-controller는 몇 밀리초 안에 동기화를 돌았습니다. 삭제 중인 파드는 더 이상 레플리카셋의
    레플리카로 세지 않으므로, 컨트롤러는 세 개가 필요한데 두 개뿐이라고 보고 새 파드를 만들었습니다
    (SuccessfulCreate 이벤트, "Created pod: …"). kubelet이 옛 파드를 다 멈추기도 전의 일이라, 잠깐
    동안은 web 파드가 네 개였고 그중 하나가 Terminating이었습니다(nginx는 1초도 안 되어 멈추므로 놓치기
    쉽습니다). 아무도 다시 적용하지 않았습니다.
    컨트롤러는 원하는 상태와 관찰한 상태를 끊임없이 비교하고 그 차이만큼 움직입니다.
