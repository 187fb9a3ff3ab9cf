title = QoS 클래스
intro =
    모든 파드는 만들어질 때 컨테이너의 요청(request)과 제한(limit)에 따라 QoS(서비스 품질) 클래스를
    받습니다. 모든 컨테이너에 cpu와 memory 제한이 있고 요청과 같으면 Guaranteed, 어떤 컨테이너도 cpu나
    memory를 요청하지 않으면 BestEffort, 나머지는 Burstable입니다. kubelet은 이 클래스로 파드의
    cgroup을 정하고, 노드의 메모리가 모자랄 때 누구를 먼저 희생시킬지도 정합니다. 파드 세 개를 적용해
    각각의 클래스를 확인한 뒤(kubectl describe pod의 QoS Class, 또는 status.qosClass), api를 Guaranteed로
    만들어 보세요.
goal-besteffort = batch가 BestEffort다
goal-burstable = cache가 Burstable이다
goal-guaranteed = api가 Guaranteed이고 Running이다
hint-1 = 적용을 누른 다음 kubectl get pods -o custom-columns=NAME:.metadata.name,QOS:.status.qosClass를 실행하세요.
hint-2 = Guaranteed가 되려면 모든 컨테이너에서 cpu와 memory 모두 요청이 제한과 같아야 합니다. api는 cpu를 250m 요청하면서 500m까지 쓸 수 있게 되어 있습니다.
hint-3 = 파드가 존재하는 동안 클래스는 바뀌지 않습니다(kubectl apply로는 리소스를 바꿀 수 없고, 인플레이스 리사이즈도 클래스는 유지해야 합니다). kubectl delete pod api로 지우고, 탭에서 요청을 고친 뒤 다시 적용하세요.
question-api-class = api는 cpu 250m, memory 128Mi를 요청하고 제한은 cpu 500m, memory 128Mi입니다. 어떤 QoS 클래스를 받았을까요?
question-api-class-guaranteed = Guaranteed: 모든 리소스에 제한이 있으니까
question-api-class-burstable = Burstable
question-api-class-besteffort = BestEffort
question-api-class-explain =
    Burstable입니다. 제한이 있다는 것만으로는 부족합니다. Guaranteed가 되려면 모든 컨테이너에서 cpu와
    memory 모두 요청이 제한과 같아야 합니다. api의 memory는 조건을 만족하지만 cpu(요청 250m, 제한
    500m)는 그렇지 않습니다. 제한만 적은 컨테이너도 Guaranteed가 되는데, 요청이 제한 값으로 기본
    설정되기 때문입니다. 클래스는 파드가 만들어질 때 API 서버가 정해 status.qosClass에 저장합니다.
    이 클래스에 따라 파드의 cgroup(kubepods, kubepods-burstable, kubepods-besteffort)과
    oom_score_adj가 정해집니다. oom_score_adj는 노드의 메모리가 바닥났을 때 커널이 어느 프로세스를
    먼저 죽일지 정하는 데 쓰는 값입니다.
