title = A restart keeps the pod's IP
intro =
    Pod app is already running. Its liveness probe reads /tmp/healthy, a file the container
    creates when it starts. Note the pod's IP with kubectl get pod app -o wide, then delete the
    file from inside the container: after three failed probes the kubelet kills the container
    and starts it again. Compare the IP. Then delete the pod, apply app.yaml again, and compare
    once more.
goal-restarted-same-ip = the container restarted and pod app kept its IP 10.244.2.2
goal-recreated-new-ip = a re-created pod app runs with a different IP
hint-1 = Write down the IP first: kubectl get pod app -o wide.
hint-2 = Remove the file the probe reads with kubectl exec app -- rm /tmp/healthy, then give the probe about 20 seconds (period 5 s, three failures).
hint-3 = For the second part, delete the pod (kubectl delete pod app) and create it again from the editor (Apply).
question-ip-after-restart = The liveness probe has just failed; after the third failure the kubelet will kill the container and start a new one. Will the pod's IP change?
question-ip-after-restart-same-ip = No: the new container joins the same sandbox and keeps 10.244.2.2
question-ip-after-restart-new-ip = Yes: the restarted container gets a new IP from the CNI plugin
question-ip-after-restart-explain =
    The kubelet restarts only the container. The sandbox stays: the pause container still holds
    the network namespace, so CNI is not called again and runc starts the new container joined to
    the old namespace. crictl pods shows the same POD ID with ATTEMPT 0; crictl ps -a shows the new
    container (ATTEMPT 1) next to the exited one, both in that sandbox. Deleting the pod is
    different: the kubelet stops the sandbox, CNI DEL releases the address, and the new pod (a new
    object with a new UID) gets a new sandbox and another IP. The same happens when the sandbox
    itself is lost, for example after a node reboot. That is why clients should reach pods
    through a Service or DNS name, never through a pod IP.
