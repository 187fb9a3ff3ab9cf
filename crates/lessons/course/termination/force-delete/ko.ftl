title = 강제 삭제
intro =
    stubborn 파드는 SIGTERM을 무시하기 때문에 보통의 삭제로는 30초 동안 Terminating으로 남습니다.
    그런데 누군가 급합니다. 파드가 있는 노드를 확인하고(kubectl get pod stubborn -o wide),
    kubectl delete pod stubborn --grace-period=0 --force로 강제 삭제하세요. kubectl의 경고문을 읽고,
    kubectl get pods를 확인한 다음, 노드에서 직접 podlife node NODE -- crictl ps를 바로 한 번, 몇 초
    뒤에 한 번 실행해 보세요.
goal-gone-from-api = 컨테이너가 아무 시그널도 받기 전에 stubborn 파드가 API에서 사라진다
goal-still-killed = 파드가 사라진 뒤에도 kubelet이 노드의 컨테이너를 멈춘다(SIGKILL)
hint-1 = kubectl get pod stubborn -o wide의 NODE 열에 노드가 보입니다.
hint-2 = kubectl delete pod stubborn --grace-period=0 --force로 강제 삭제하고 kubectl get pods를 실행하세요.
hint-3 = 바로 podlife node worker-2 -- crictl ps를 실행하면 컨테이너가 아직 보입니다. sleep 3 후 crictl ps -a로 다시 보세요.
question-container-fate = kubectl이 force deleted라고 출력했고 파드는 etcd에서 사라졌습니다. 노드에 있는 컨테이너는 어떻게 될까요?
question-container-fate-already-stopped = 오브젝트가 지워지기 전에 이미 멈췄다. --force가 그렇게 한다
question-container-fate-stopped-after = 아직 돌고 있다. kubelet이 파드가 사라진 것을 알아채고 멈춘다
question-container-fate-left-running = 계속 돈다. 파드가 없는 컨테이너는 아무도 멈추지 않는다
question-container-fate-explain =
    강제 삭제는 kube-apiserver가 노드에 묻지 않고 내리는 결정입니다. kubelet이 컨테이너가 멈췄다고
    보고할 때까지 기다리지 않고 오브젝트를 바로 지웁니다. kubectl의 경고문이 말하는 것이 바로 이것입니다.
    노드에는 특별한 명령이 가지 않습니다. kubelet은 watch에서 파드가 사라진 것을 보고, 아직 돌고 있던
    컨테이너를 아주 짧은 유예 기간으로 멈췄습니다. 여기서는 SIGTERM(무시됨) 후 2초 뒤 SIGKILL이었습니다.
    노드와 연결이 끊긴 경우(파드가 Terminating에 멈춰 있는 흔한 이유입니다)에는 kubelet이 돌아올 때까지
    아무도 컨테이너를 멈추지 않는데, 그사이 컨트롤러가 대체 파드를 이미 띄웠을 수 있습니다. 스테이트풀셋
    파드라면 같은 정체성을 가진 복제본 두 개가 동시에 도는 셈입니다. 노드나 그 컨테이너가 정말 사라졌다는
    것을 알 때만 강제 삭제하세요.
