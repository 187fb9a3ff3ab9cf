title = A failing Job and its backoffLimit
intro =
    A Job does not give up after one failure: it replaces a failed pod, and backoffLimit says how
    many failures it accepts before it stops. The editor holds Job migrate, whose pod always
    exits 1, with backoffLimit 2 and restartPolicy Never. Apply it and watch its pods and
    conditions for about 40 s, until the Job has failed. Then fix the command so it exits 0
    and run the Job again.
goal-gave-up = Job migrate fails: FailureTarget, then Failed, both with reason BackoffLimitExceeded
goal-three-failed-pods = When it gives up, the Job has three failed pods
goal-fixed = After fixing the command, a new run of Job migrate is Complete
hint-1 = Press Apply, then kubectl get pods every 10 s or so: note when each new pod appears. kubectl get events --field-selector involvedObject.kind=Job shows the creates and the final warning.
hint-2 = A Job's pod template cannot be changed once created: delete the Job (kubectl delete job migrate) before applying the fixed one.
hint-3 = In the tab, change exit 1 to exit 0 (and the message if you like), then press Apply.
question-how-many-tries = The first migrate pod has just exited with code 1. With backoffLimit 2, how many pods will the Job have created when it gives up?
question-how-many-tries-three-pods = Three: the first one and two replacements
question-how-many-tries-two-pods = Two: the first one and one replacement
question-how-many-tries-one-pod-restarted = One, restarted in place by the kubelet
question-how-many-tries-explain =
    Three. backoffLimit counts failed pods, and the Job fails when the count goes above it: the
    first pod and two replacements, the third failure being one too many. With restartPolicy
    Never the kubelet never restarts a container, so each retry is a new pod (OnFailure would
    restart the container in the same pod, and restarts would count instead). The replacements
    were not immediate: the Job controller waits before each new pod, 10 s after the first
    failure, then 20 s, doubling up to 10 minutes. After the third failure it set FailureTarget
    (reason BackoffLimitExceeded, message "Job has reached the specified backoff limit"), and
    once no pod was left running, Failed, with a Warning event BackoffLimitExceeded. The failed
    pods are kept so that kubectl logs can still show why.
