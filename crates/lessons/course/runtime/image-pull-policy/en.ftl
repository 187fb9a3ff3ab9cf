title = Pull policies: Never, IfNotPresent, Always
intro =
    Pod cache is pinned to worker-1 and sets imagePullPolicy: Never, so the kubelet may only use
    an image that is already on the node. It is stuck in ErrImageNeverPull. List the node's images
    with podlife node worker-1 -- crictl images, then get pod cache running without changing or
    re-creating it: the image cache belongs to the node, not to a pod.
goal-image-on-node = redis:7 is pulled onto worker-1
goal-cache-running = pod cache runs, still with imagePullPolicy: Never
hint-1 = kubectl describe pod cache and crictl images on worker-1 tell the same story: redis:7 is not on the node, and Never forbids pulling it.
hint-2 = Another pod on worker-1 that is allowed to pull redis:7 leaves the image on the node for everyone. The editor's second tab is such a pod.
hint-3 = Apply warmup.yaml, then give the kubelet 10 to 15 seconds: it retries pod cache on its own.
question-default-policy = warmup.yaml sets no imagePullPolicy. Which policy does the API server store for its container?
question-default-policy-if-not-present = IfNotPresent
question-default-policy-always = Always
question-default-policy-never = Never
question-default-policy-explain =
    When imagePullPolicy is left out, the API server fills it in when the pod is created: Always
    if the image's tag is latest or there is no tag at all (which means latest), IfNotPresent
    for any other tag or a digest. redis:7 has a fixed tag, so the kubelet pulls it only when it
    is missing. An image written as redis or redis:latest would get Always: the kubelet then asks
    the registry each time it starts the container, and downloads only the layers the node does
    not have yet.
question-cache-after-pull = redis:7 is now on worker-1, pulled for pod warmup. Pod cache still says Never. What happens to it?
question-cache-after-pull-starts = At its next retry the kubelet finds the image and starts the container
question-cache-after-pull-pulls-itself = It pulls redis:7 itself now that the image is known to exist
question-cache-after-pull-stays-stuck = It stays in ErrImageNeverPull until it is re-created
question-cache-after-pull-explain =
    ErrImageNeverPull is not final. The kubelet syncs a pod that failed again 10 to 15 seconds
    later, and each time it checks the node's image store. Images are stored per node and shared
    by every pod on it, so once warmup's pull has finished, cache's check succeeds: Pulled
    (already present on machine), Created, Started, without a pull of its own. This is how Never
    is meant to be used: on nodes whose images are loaded in advance, never from a registry.
