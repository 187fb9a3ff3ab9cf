title = A pod's effective request
intro =
    The scheduler does not add up every container's request: init containers run before the app
    containers, so a pod asks for the larger of the two phases. Sidecars change the sum, because
    they keep running: each one counts for the app containers and for every init container after
    it. Each worker has 1900m CPU free. Press Apply, see pod search stay Pending, work out why,
    and make it fit without changing any request and with proxy still a sidecar.
goal-rejected = kube-scheduler rejects search on both workers: Insufficient cpu
goal-runs-same-requests = search runs with the same requests (500m, 1500m, 1) and proxy still a sidecar
hint-1 = kubectl get events shows the scheduler's verdict; kubectl describe node worker-1 shows what is already requested out of 2 CPUs.
hint-2 = While build-index runs, proxy, listed before it, is already running: 500m + 1500m. What if build-index came first?
hint-3 = A pod's containers cannot be reordered in place: edit search.yaml, kubectl delete pod search, then Apply again.
question-will-it-fit = Each worker has 1900m CPU free. Will pod search fit on one?
question-will-it-fit-fits = Yes: the largest init container asks for 1500m and the app phase for 1500m
question-will-it-fit-does-not-fit = No: while build-index runs, proxy runs beside it, so the pod needs 2000m
question-will-it-fit-sums-everything = No: the scheduler adds up every container, 3000m
question-will-it-fit-explain =
    kube-scheduler uses the pod's effective request, computed per resource as component-helpers'
    PodRequests does: the larger of (every app container plus every sidecar) and, for each
    regular init container, its own request plus the sidecars listed before it (and then any pod
    overhead). Here that is the larger of 1000m + 500m = 1500m and 1500m + 500m = 2000m, so
    2000m. No worker has 2000m CPU free, hence Insufficient cpu. With build-index listed before
    proxy, its phase needs only 1500m and the pod fits.
