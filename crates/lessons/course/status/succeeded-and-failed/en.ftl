title = Succeeded and Failed
intro =
    Not every pod is meant to run forever. With restartPolicy Never the kubelet restarts no
    finished container, with OnFailure only one that failed; once no container will run again
    the pod reaches a final phase: Succeeded when every container exited with code 0, Failed when one
    did not. The editor holds three one-off pods: report exits 0, migrate exits 3, and retry
    fails its first run and succeeds on its second. Apply them and compare each pod's phase,
    its STATUS column and its container's exit code.
goal-report-succeeded = report: phase Succeeded, STATUS Completed, exit code 0
goal-migrate-failed = migrate: phase Failed, STATUS Error, exit code 3, never restarted
goal-retry-succeeded = retry: phase Succeeded after one restart
hint-1 = Press Apply (all three tabs), then watch: kubectl get pods -w. Everything is over in about ten seconds.
hint-2 = kubectl get pods -o custom-columns=NAME:.metadata.name,PHASE:.status.phase,RESTARTS:.status.containerStatuses[0].restartCount puts the phase next to the restart count; kubectl logs retry --previous shows the first run.
question-retry-phase = retry's first run has just exited with code 1, and its restartPolicy is OnFailure. In which phase will the pod end?
question-retry-phase-succeeded = Succeeded, after one restart
question-retry-phase-failed = Failed: one of its runs failed
question-retry-phase-running = Running: OnFailure pods are restarted forever, like Always
question-retry-phase-explain =
    Succeeded. OnFailure restarts a container only when it exits with a non-zero code; the
    kubelet restarted retry at once (the first restart has no back-off), and while it waited
    the pod was still Running. Its second run exited 0, so nothing was left to restart and
    the pod became Succeeded: the phase looks at how each container ended last, not at the
    failures before. migrate, with restartPolicy Never, was not restarted: exit code 3 made it
    Failed for good. STATUS shows the container's terminated reason, Completed or Error.
