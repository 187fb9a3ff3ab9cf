title = ErrImagePull과 ImagePullBackOff
intro =
    편집기의 파드는 존재하지 않는 태그인 nginx:1.99를 요청합니다. 적용한 뒤 1분 정도 kubectl get pod web으로
    STATUS를 지켜보세요. ContainerCreating, ErrImagePull, ImagePullBackOff 순서로 바뀝니다. kubectl describe
    pod web을 보면 kubelet이 몇 번 시도했는지 알 수 있습니다. 그다음 태그를 고쳐서(nginx:1.27은 있습니다)
    파드를 실행하세요.
goal-saw-backoff = web 파드가 ImagePullBackOff 상태가 된다
goal-running = web 파드가 실제로 있는 이미지로 실행된다
hint-1 = 적용한 뒤 30초쯤마다 kubectl get pod web을 실행해 보세요. kubectl describe pod web 끝의 Events에는 Pulling, Failed, BackOff 이벤트의 횟수가 나옵니다.
hint-2 = 컨테이너 이미지는 실행 중인 파드에서도 바꿀 수 있는 몇 안 되는 필드입니다. 편집기에서 태그를 고쳐 다시 적용하거나 kubectl set image를 쓰세요.
hint-3 = kubectl set image pod/web nginx=nginx:1.27을 실행하고 kubelet이 이미지를 받을 시간을 조금 주세요.
question-after-failure = nginx:1.99의 첫 풀이 방금 실패했습니다. 레지스트리는 그런 태그가 없다고 답했습니다. kubelet은 다음에 무엇을 할까요?
question-after-failure-back-off = 실패할 때마다 더 오래 기다렸다가 다시 시도한다(기다리는 동안 ImagePullBackOff)
question-after-failure-tight-loop = 태그가 생길 때까지 쉬지 않고 곧바로 계속 다시 시도한다
question-after-failure-gives-up = 포기한다. 파드가 Failed가 된다
question-after-failure-explain =
    실패한 풀은 파드와 이미지별로 관리되는 지수 백오프에 따라 다시 시도됩니다. 첫 실패 뒤 10초, 그다음
    20초, 40초처럼 두 배씩 늘어나 최대 5분까지 기다립니다. 시도 직후에는 컨테이너가 ErrImagePull 사유로
    대기하고, 백오프 중에 kubelet이 파드를 동기화하면 BackOff 이벤트(Back-off pulling image)를 남기며 사유가
    ImagePullBackOff로 바뀝니다. 파드는 Pending에 머뭅니다. 나중에 풀이 성공할 수도 있으니 kubelet이
    스스로 포기하지는 않습니다. 백오프는 예전 이미지에 매여 있으므로, 태그를 고치면 kubelet은 nginx:1.27을 받아 같은
    파드 안에서 컨테이너를 시작합니다.
