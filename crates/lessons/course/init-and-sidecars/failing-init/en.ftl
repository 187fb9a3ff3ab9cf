title = An init container that fails
intro =
    The init container prepare-pages of pod web has a bug: it exits 1. Press Apply and watch the
    pod: the kubelet starts prepare-pages again and again, waiting longer each time, STATUS
    alternates between Init:Error and Init:CrashLoopBackOff, and nginx never starts. Find the
    error in the init container's logs, fix its command and create the pod again. A pod's
    containers cannot be changed in place, so delete the old pod first.
goal-backoff = the kubelet backs off before restarting prepare-pages (a BackOff event)
goal-read-logs = you read the logs of prepare-pages
goal-fixed = prepare-pages exits 0 and pod web becomes Ready
hint-1 = kubectl logs web -c prepare-pages shows what the init container printed before it exited.
hint-2 = mkdir does not create missing parent directories unless you give it -p, and /pages/site does not exist yet.
hint-3 = Edit the command in web.yaml, run kubectl delete pod web, then press Apply again.
question-after-failure = prepare-pages has exited with code 1. What happens next?
question-after-failure-retry-init = The kubelet runs prepare-pages again after a back-off; nginx keeps waiting
question-after-failure-start-app = nginx starts anyway: only the init container failed
question-after-failure-pod-fails = The whole pod fails at once (phase Failed)
question-after-failure-explain =
    Under restartPolicy Always (the default, as here) or OnFailure, a failed init container is
    restarted like a crashing app container: the first retry comes at once, then the kubelet
    waits 10 s, 20 s, 40 s and so on, up to 5 minutes, between attempts. Right after a failure
    STATUS reads Init:Error; once the kubelet has recorded the back-off it reads
    Init:CrashLoopBackOff. The app containers are never started, so the pod stays Pending. Only
    with restartPolicy Never does a failed init container end the pod as Failed.
