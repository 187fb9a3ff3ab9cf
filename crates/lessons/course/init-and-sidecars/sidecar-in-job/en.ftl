title = A sidecar in a Job
intro =
    The Job report runs one pod with two regular containers: report, which builds a report and
    exits 0 after 5 seconds, and log-shipper, which runs until it is told to stop. Press Apply
    and watch the pod and the Job once report is done. Then turn log-shipper into a native
    sidecar (move it to initContainers and give it restartPolicy: Always) and run the Job again.
    A Job's pod template cannot be changed, so delete the old Job first.
goal-stuck = with log-shipper as a regular container, report finishes but the pod stays NotReady and the Job stays active
goal-complete = with log-shipper as a native sidecar, the Job report completes
hint-1 = Watch kubectl get pods and kubectl get jobs for some 10 seconds after Apply: what does log-shipper do once report has exited?
hint-2 = Move the log-shipper entry from containers to a new initContainers list and add restartPolicy: Always to it (the pod's own restartPolicy: Never stays).
hint-3 = kubectl delete job report removes the Job and its pod; then press Apply with the edited manifest.
question-classic-after-report = report has exited 0. What happens to the pod and the Job?
question-classic-after-report-job-keeps-running = log-shipper keeps running, so the pod never finishes and the Job stays active
question-classic-after-report-shipper-stopped = The kubelet stops log-shipper, since the main work is done
question-classic-after-report-job-completes = The Job completes: report was the container that mattered
question-classic-after-report-explain =
    Kubernetes has no idea which regular container is the main one. A pod under restartPolicy
    Never reaches Succeeded only when all its containers have terminated, and log-shipper never
    does: the pod stays in phase Running, shown as NotReady (one container done, one still
    running), and the Job keeps waiting for a pod that succeeds. Before native sidecars people
    worked around this with shared files and kill scripts.
question-native-after-report = This time log-shipper is a native sidecar, and report has just exited 0. What happens?
question-native-after-report-sidecar-stopped = The kubelet sends log-shipper SIGTERM, the pod succeeds and the Job completes
question-native-after-report-still-stuck = Nothing changes: log-shipper still runs, so the Job stays active
question-native-after-report-explain =
    Once every regular container of a pod has terminated and, under restartPolicy Never, none
    will be restarted, the kubelet stops the pod: its sidecars get SIGTERM, here log-shipper
    flushes and exits. A sidecar's exit code does not count toward the pod's phase, so the pod is
    Succeeded and the Job controller marks the Job Complete.
