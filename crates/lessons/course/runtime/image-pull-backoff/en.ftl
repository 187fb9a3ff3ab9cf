title = ErrImagePull and ImagePullBackOff
intro =
    The editor's pod asks for nginx:1.99, a tag that does not exist. Apply it and watch its
    STATUS with kubectl get pod web for a minute: ContainerCreating, then ErrImagePull, then
    ImagePullBackOff. kubectl describe pod web shows how often the kubelet tried. Then fix the
    tag (nginx:1.27 exists) and get the pod running.
goal-saw-backoff = pod web shows ImagePullBackOff
goal-running = pod web runs with an image that exists
hint-1 = Apply, then run kubectl get pod web every half minute or so; the Events at the end of kubectl describe pod web count the Pulling, Failed and BackOff events.
hint-2 = A pod's container image is one of the few fields you may change on a running pod: edit the tag in the editor and Apply again, or use kubectl set image.
hint-3 = kubectl set image pod/web nginx=nginx:1.27, then give the kubelet a little time to pull it.
question-after-failure = The first pull of nginx:1.99 has just failed: the registry says the tag is not found. What does the kubelet do next?
question-after-failure-back-off = It retries, waiting longer after each failure (ImagePullBackOff while it waits)
question-after-failure-tight-loop = It retries at once, again and again, until the tag exists
question-after-failure-gives-up = It gives up: the pod becomes Failed
question-after-failure-explain =
    A failed pull is retried with an exponential back-off kept per pod and image: 10 seconds
    after the first failure, then 20, 40, and so on, capped at 5 minutes. Right after an attempt
    the container waits with reason ErrImagePull; when the kubelet syncs the pod during the
    back-off it records BackOff (Back-off pulling image) and the reason becomes
    ImagePullBackOff. The pod stays Pending: a later pull could still succeed, so the kubelet
    never gives up on its own. The back-off belongs to the old image: once the tag is fixed, the
    kubelet pulls nginx:1.27 and starts the container in the same pod.
