title = Scheduling gates: not yet
intro =
    Pod report carries a scheduling gate, example.com/quota: a mark that says "do not schedule me
    yet", which a quota or batch controller would remove when it is the pod's turn. Apply it and
    look at its STATUS and its events, then play that controller: remove the gate with
    kubectl patch and watch the scheduler take the pod at once.
goal-gated = kubectl shows pod report as SchedulingGated
goal-released = The gate is gone and pod report runs
hint-1 = After Apply, run kubectl get pod report -o wide and kubectl describe pod report.
hint-2 = Gates can only be removed, never added to an existing pod. A JSON patch removes the whole list: kubectl patch pod report --type=json -p '[{"{"}"op":"remove","path":"/spec/schedulingGates"{"}"}]'
question-gated-events = Pod report is SchedulingGated. What do its events say while it waits?
question-gated-events-no-events = Nothing: the scheduler does not even try
question-gated-events-failed-scheduling = FailedScheduling warnings, as for any pod that does not fit
question-gated-events-explain =
    kube-apiserver gave the pod the condition PodScheduled=False with reason SchedulingGated when
    it was created, and kube-scheduler's SchedulingGates plugin keeps a gated pod out of its
    active queue: no scheduling cycle runs, so there is no FailedScheduling event and no retry
    back-off to wait out. The update that empties spec.schedulingGates moves the pod straight
    into the queue, and it is bound in the next cycle. Unlike a pod the scheduler cannot place,
    a gated pod costs the scheduler nothing.
