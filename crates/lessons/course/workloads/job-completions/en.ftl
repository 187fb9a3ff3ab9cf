title = A Job: completions and parallelism
intro =
    A Job runs pods until a number of them have succeeded, then stops. completions says how many
    successful pods it needs, parallelism how many may run at the same time. The editor holds
    Job thumbnails: five completions, parallelism 2, and each pod works for 5 s. Apply it and
    follow its pods and its COMPLETIONS column until the Job is Complete.
goal-complete = Job thumbnails is Complete (SuccessCriteriaMet, then Complete) with 5 succeeded pods
goal-two-at-a-time = Never more than two thumbnails pods ran at the same time
hint-1 = Press Apply, then kubectl get pods and kubectl get jobs every few seconds (sleep 5 between them).
hint-2 = kubectl get job thumbnails -o jsonpath='{"{"}range .status.conditions[*]{"}"}{"{"}.type{"}"} {"{"}.status{"}"} {"{"}.reason{"}"}{"{"}"\n"{"}"}{"{"}end{"}"}' prints the Job's conditions once it has finished.
question-how-many-pods = completions 5, parallelism 2. How many pods will the Job create, and how do they run?
question-how-many-pods-five-two-at-a-time = Five pods, two at a time: 2, then 2, then the last one alone
question-how-many-pods-six-in-pairs = Six pods in three pairs; the sixth result is thrown away
question-how-many-pods-two-pods-rerun = Two pods, restarted until they have succeeded five times between them
question-how-many-pods-explain =
    Five pods, at most two at a time. On every sync the Job controller wants
    min(parallelism, completions − succeeded) pods running: two at first, two again once the
    first pair has succeeded, and for the last batch only one, because a single completion was
    missing. Each completion is a new pod (restartPolicy Never): a container is never re-run
    to count twice. When succeeded reached 5 the controller first added the condition
    SuccessCriteriaMet (reason CompletionsReached) and then, with no pod left running, Complete:
    kubectl get jobs shows Complete 5/5. The finished pods stay, Completed, until the Job is
    deleted (or ttlSecondsAfterFinished removes it), so their logs can still be read.
