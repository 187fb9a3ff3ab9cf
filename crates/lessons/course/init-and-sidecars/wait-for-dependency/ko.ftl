title = 의존 서비스 기다리기
intro =
    myapp 파드는 데이터베이스가 응답하기 전에 시작하면 안 됩니다. 그래서 초기화 컨테이너
    wait-for-postgres가 연결될 때까지 2초마다 nc -z postgres-svc 5432를 실행합니다. postgres-svc
    서비스는 이미 있지만, 그 뒤의 postgres 디플로이먼트는 레플리카가 0개입니다. 적용을 누르고 myapp이
    Init:0/1에서 기다리는 모습과 wait-for-postgres의 출력을 확인한 다음, 데이터베이스에 레플리카를
    하나 주세요: kubectl scale deployment postgres --replicas=1.
goal-read-logs = wait-for-postgres가 아직 기다리는 동안 그 로그를 읽는다
goal-db-ready = postgres 디플로이먼트의 준비된 레플리카가 1개가 된다
goal-app-after-db = postgres가 준비된 뒤에야 wait-for-postgres가 끝나고, 그다음 app이 시작된다
goal-ready = myapp 파드의 Ready 컨디션이 True가 된다
hint-1 = kubectl logs myapp -c wait-for-postgres로 반복 중인 루프를, kubectl get endpointslices로 postgres-svc에 아직 엔드포인트가 없다는 것을 확인할 수 있습니다.
hint-2 = kubectl scale deployment postgres --replicas=1로 데이터베이스를 띄우고, kubectl get pods -w로 두 파드를 함께 지켜보세요.
question-when-through = postgres 컨테이너가 막 시작됐습니다. wait-for-postgres의 nc -z postgres-svc 5432는 언제 처음 연결에 성공할까요?
question-when-through-when-running = postgres 컨테이너가 실행되자마자. 서비스와 DNS 이름은 이미 있으니까
question-when-through-when-ready = postgres가 준비성 프로브(readiness probe)를 통과해 postgres-svc의 엔드포인트가 된 뒤에야
question-when-through-explain =
    서비스가 처음부터 있었으니 postgres-svc라는 이름은 계속 해석됐습니다. 하지만 준비된 엔드포인트가
    없는 서비스는 아무 데도 연결해 주지 않습니다. kube-proxy가 그 ClusterIP로 가는 연결을 거부하므로
    nc는 실패하고 루프가 다시 돕니다. 컨테이너가 실행 중이라는 것만으로는 부족합니다. 파드는
    준비성 프로브(pg_isready)를 통과해야 서비스의 엔드포인트슬라이스에 준비된 엔드포인트로
    올라가고, 그러면 각 노드의 kube-proxy가 규칙을 고쳐 씁니다. 그 뒤 첫 nc -z가 성공하면
    wait-for-postgres가 0으로 끝나고 kubelet이 app을 시작합니다.
