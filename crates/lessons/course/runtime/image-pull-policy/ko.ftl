title = 이미지 풀 정책: Never, IfNotPresent, Always
intro =
    cache 파드는 worker-1에 고정되어 있고 imagePullPolicy: Never를 씁니다. 그래서 kubelet은 노드에 이미 있는
    이미지만 쓸 수 있고, 지금은 ErrImageNeverPull에 멈춰 있습니다. podlife node worker-1 -- crictl images로
    노드의 이미지 목록을 확인한 다음, cache 파드를 고치거나 다시 만들지 않고 실행되게 해 보세요. 이미지
    캐시는 파드가 아니라 노드의 것입니다.
goal-image-on-node = worker-1에 redis:7 이미지를 받아 둔다
goal-cache-running = cache 파드가 imagePullPolicy: Never 그대로 실행된다
hint-1 = kubectl describe pod cache와 worker-1의 crictl images가 같은 이야기를 합니다. 노드에 redis:7이 없는데 Never라서 받아 올 수도 없습니다.
hint-2 = worker-1에서 redis:7을 받아 올 수 있는 다른 파드가 있으면, 그 이미지는 노드에 남아 모든 파드가 씁니다. 편집기의 두 번째 탭이 바로 그런 파드입니다.
hint-3 = warmup.yaml을 적용하고 10~15초 기다리세요. kubelet이 cache 파드를 알아서 다시 시도합니다.
question-default-policy = warmup.yaml에는 imagePullPolicy가 없습니다. API 서버는 이 컨테이너에 어떤 정책을 저장할까요?
question-default-policy-if-not-present = IfNotPresent
question-default-policy-always = Always
question-default-policy-never = Never
question-default-policy-explain =
    imagePullPolicy를 생략하면 파드를 만들 때 API 서버가 채워 넣습니다. 이미지 태그가 latest이거나 태그가
    아예 없으면(곧 latest라는 뜻) Always, 그 밖의 태그나 다이제스트면 IfNotPresent입니다. redis:7은 태그가
    고정되어 있으니 kubelet은 이미지가 없을 때만 받아 옵니다. 이미지를 redis나 redis:latest로 썼다면
    Always가 되어, kubelet이 컨테이너를 시작할 때마다 레지스트리에 묻고 노드에 없는 레이어만 내려받습니다.
question-cache-after-pull = warmup 파드 덕분에 이제 worker-1에 redis:7이 있습니다. cache 파드는 여전히 Never입니다. 어떻게 될까요?
question-cache-after-pull-starts = 다음 재시도 때 kubelet이 이미지를 찾아 컨테이너를 시작한다
question-cache-after-pull-pulls-itself = 이미지가 있다는 걸 알았으니 이제 직접 redis:7을 받아 온다
question-cache-after-pull-stays-stuck = 다시 만들기 전까지 ErrImageNeverPull에 머문다
question-cache-after-pull-explain =
    ErrImageNeverPull은 최종 상태가 아닙니다. kubelet은 실패한 파드를 10~15초 뒤에 다시 동기화하고, 그때마다
    노드의 이미지 저장소를 확인합니다. 이미지는 노드 단위로 저장되어 그 노드의 모든 파드가 함께 쓰므로,
    warmup의 풀이 끝나면 cache의 확인도 통과합니다. 따로 풀하지 않고 Pulled(already present on machine),
    Created, Started로 이어집니다. Never는 원래 이렇게 쓰라고 있는 정책입니다. 이미지를 미리 넣어 둔
    노드에서, 레지스트리 없이 쓰는 것입니다.
