title = Deleting a pod gracefully
intro =
    Pod app is running; after SIGTERM its app drains for 5 s, then exits. Delete it with
    kubectl delete pod app --wait=false (without --wait=false kubectl blocks until the pod is gone)
    and look at it while it goes: kubectl get pod app, its metadata, kubectl logs app. In the trace,
    follow who marks the pod, who stops the container, and who finally removes the object.
goal-marked = kube-apiserver marks pod app for deletion: deletionTimestamp set, deletionGracePeriodSeconds 30, STATUS Terminating
goal-sigterm = the kubelet stops the container and SIGTERM reaches the app
goal-removed = the container has exited and pod app is gone from etcd
hint-1 = Delete it without waiting: kubectl delete pod app --wait=false.
hint-2 = While it is Terminating, run kubectl get pod app -o yaml and find deletionTimestamp and deletionGracePeriodSeconds under metadata; kubectl logs app shows the SIGTERM arriving.
hint-3 = The app needs 5 s to drain: sleep 8, then kubectl get pod app answers NotFound.
question-when-removed = kube-apiserver has accepted your DELETE. When does pod app leave etcd?
question-when-removed-at-once = At once: DELETE removes the object and the kubelet cleans up after it
question-when-removed-after-grace = When the 30-second grace period runs out
question-when-removed-after-exit = Only once the kubelet has stopped the container and reported back
question-when-removed-explain =
    A graceful DELETE only marks the pod: kube-apiserver writes deletionTimestamp (now plus the grace
    period) and deletionGracePeriodSeconds (30, taken from terminationGracePeriodSeconds), and kubectl
    shows a running pod that has a deletionTimestamp as Terminating; that is not a phase. The kubelet on the
    node sees the change, asks containerd to stop the container (StopContainer with a 30 s timeout) and
    containerd sends the image's stop signal, SIGTERM, to the container's PID 1. The app drained for
    5 s and exited. Then the kubelet wrote the final status and sent its own DELETE with grace period
    0, and only that removed the pod from etcd. The 30 s are a limit, not a wait.
