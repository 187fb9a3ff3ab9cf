title = 프로브를 거는 네 가지 방법
intro =
    probes.yaml에는 아직 readiness 프로브가 없는 파드 네 개가 있습니다. HTTP를 서비스하는 nginx,
    Redis, 포트가 없는 busybox 작업자, gRPC 서버입니다. kubelet이 컨테이너를 검사하는 방법은 네
    가지입니다. httpGet(상태 코드가 200~399면 성공), tcpSocket(포트에 연결되면 성공),
    exec(컨테이너 안에서 실행한 명령이 0으로 끝나면 성공), grpc(gRPC 헬스 서비스가 SERVING으로
    답하면 성공). 컨테이너가 제공하는 것에 맞는 readiness 프로브를 하나씩 달고 적용해서 네 파드를
    모두 Ready로 만드세요. 파드가 만들어진 뒤에는 프로브를 바꿀 수 없으니 네 개를 다 쓴 다음
    적용하세요(처음부터 다시 하려면 kubectl delete -f probes.yaml).
goal-http = web에 httpGet readiness 프로브가 있고 Ready다
goal-tcp = cache에 tcpSocket readiness 프로브가 있고 Ready다
goal-exec = worker에 exec readiness 프로브가 있고 Ready다
goal-grpc = api에 grpc readiness 프로브가 있고 Ready다
hint-1 =
    프로브는 컨테이너 안, image 옆에 readinessProbe를 쓰고 그 아래에 방식 하나를 적습니다. 각
    컨테이너 위의 주석이 무엇을 제공하는지 알려 줍니다. HTTP 포트, 다른 프로토콜을 쓰는 포트,
    파일, gRPC 헬스 서비스입니다.
hint-2 =
    httpGet에는 path와 port, tcpSocket과 grpc에는 port, exec에는 컨테이너 안에서 실행할 command
    목록을 줍니다(파일에 cat을 하면 파일이 있을 때만 0으로 끝납니다).
hint-3 =
    web은 path /, port 80으로 httpGet, cache는 port 6379로 tcpSocket, worker는 command
    cat /tmp/ready로 exec, api는 port 5000으로 grpc입니다. periodSeconds를 주지 않으면 프로브는
    10초마다 돕니다.
