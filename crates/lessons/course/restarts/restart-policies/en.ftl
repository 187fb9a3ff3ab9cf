title = Restart policies: Always, OnFailure, Never
intro =
    The editor holds a pod whose only container exits with code 1 a moment after it starts. Apply
    it as it is, with restartPolicy Always. Then apply the same pod twice more: once renamed
    crash-onfailure with restartPolicy OnFailure, once renamed crash-never with restartPolicy
    Never. Compare what the kubelet does with each: RESTARTS in kubectl get pods counts the
    restarts, and the Status line of kubectl describe pod shows the pod's phase.
goal-always = crash-always is restarted after it exits and stays in phase Running
goal-on-failure = crash-onfailure (restartPolicy OnFailure) is restarted and stays in phase Running
goal-never = crash-never (restartPolicy Never) stays terminated with exit code 1, its pod in phase Failed
hint-1 = Edit two lines of the pod in the editor, metadata.name and spec.restartPolicy, and apply it again. A new name makes a new pod; the first one stays.
hint-2 = A pod's restartPolicy cannot be changed once the pod exists, which is why each policy needs its own pod. The three policies are spelled Always, OnFailure and Never.
hint-3 = Give the kubelet half a minute, then compare RESTARTS in kubectl get pods and the Status line of kubectl describe pod crash-never.
question-who-restarts = crash-always has just been restarted. The same exit code 1 will end the containers of crash-onfailure and crash-never. Which of them will the kubelet restart?
question-who-restarts-both-restarted = Both: a container that fails is always restarted
question-who-restarts-onfailure-only = Only crash-onfailure; crash-never stays terminated and its pod becomes Failed
question-who-restarts-neither-restarted = Neither: only the Always policy restarts containers
question-who-restarts-explain =
    The kubelet on the pod's node decides, for each container that ends, from the pod's
    restartPolicy: Always restarts it whatever its exit code, OnFailure only when the code is not
    0, Never not at all. crash-onfailure exited with 1, so the kubelet restarted it just like
    crash-always: a new container in the same pod, on the same node, with the same IP. Both pods
    stay in phase Running although their app never works, which is why a Running phase alone
    proves little. crash-never's container stays terminated; with every container terminated and
    at least one failed, the pod is Failed for good. Nobody restarts it or moves it to another
    node, and the pod object stays until you delete it.
