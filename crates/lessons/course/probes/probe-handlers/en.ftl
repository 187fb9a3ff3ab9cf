title = Four ways to probe
intro =
    probes.yaml holds four pods without a readiness probe: nginx serving HTTP, Redis, a busybox
    worker with no port, and a gRPC server. The kubelet can check a container four ways: httpGet
    (a status from 200 to 399 passes), tcpSocket (the port accepts a connection), exec (a command
    run inside the container exits 0) and grpc (the gRPC health service answers SERVING). Give
    each container the readiness probe that fits what it offers, Apply, and get all four pods
    Ready. A pod's probes cannot be changed once it exists, so write all four before you Apply
    (to start over: kubectl delete -f probes.yaml).
goal-http = web has an httpGet readiness probe and is Ready
goal-tcp = cache has a tcpSocket readiness probe and is Ready
goal-exec = worker has an exec readiness probe and is Ready
goal-grpc = api has a grpc readiness probe and is Ready
hint-1 =
    A probe goes in the container, beside image: readinessProbe, then one handler. The comment
    above each container says what it offers: an HTTP port, a port with another protocol, a file,
    a gRPC health service.
hint-2 =
    httpGet takes a path and a port; tcpSocket and grpc take a port; exec takes a command, a list
    run inside the container (cat on a file exits 0 only when the file exists).
hint-3 =
    web: httpGet on path / and port 80. cache: tcpSocket on port 6379. worker: exec with the
    command cat /tmp/ready. api: grpc on port 5000. Without periodSeconds a probe runs every 10 s.
