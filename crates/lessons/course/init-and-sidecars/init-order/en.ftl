title = Init containers, one at a time
intro =
    Pod web has two init containers, fetch-config and migrate-db, in front of its nginx container.
    The kubelet runs init containers one at a time, in the order they are listed, and each must
    exit 0 before the next one starts; the app containers start only after all of them. Press
    Apply and follow STATUS in the console (kubectl get pods -w): Init:0/2, Init:1/2,
    PodInitializing, Running. Then read what an init container printed with kubectl logs.
goal-one-at-a-time = migrate-db starts only after fetch-config has exited 0
goal-app-after-init = the web container starts only after migrate-db has exited 0
goal-init-logs = you read an init container's logs (kubectl logs web -c NAME)
goal-ready = pod web's Ready condition is True
hint-1 = Press Apply, then watch the pod: kubectl get pods -w, or kubectl get pods every few seconds.
hint-2 = An init container's output stays readable after it exits: kubectl logs web -c fetch-config.
question-second-init = fetch-config has just started and sleeps for 4 seconds. What is migrate-db doing meanwhile?
question-second-init-waits-its-turn = Nothing yet: its container is created only after fetch-config exits 0
question-second-init-runs-alongside = It runs at the same time: all init containers start together
question-second-init-explain =
    Init containers run strictly one at a time, in the order of spec.initContainers. Each sync,
    the kubelet starts only the next init container, and only once the one before it has
    terminated with exit code 0; while fetch-config runs, migrate-db has no container at all.
    kubectl counts the finished ones: Init:0/2, then Init:1/2.
question-nginx-pull = migrate-db is running. When does the kubelet pull the nginx image for the web container?
question-nginx-pull-after-init = Only after the last init container has completed
question-nginx-pull-at-the-start = At the very start, together with busybox, to save time
question-nginx-pull-explain =
    The kubelet pulls an image when it is about to start that container, and while an init
    container is still pending it starts nothing but that init container. So nginx is pulled
    only after migrate-db exits 0. During the pull every init container is done but web is not
    running yet: STATUS reads PodInitializing.
