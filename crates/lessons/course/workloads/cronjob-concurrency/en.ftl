title = CronJob runs that overlap: Allow, Forbid, Replace
intro =
    A CronJob creates a Job at every time its schedule names. When a run is still busy at the
    next time, concurrencyPolicy decides: Allow (the default) starts another one anyway, Forbid
    does not start a new one while one is running, Replace deletes the running Job and starts
    the new one. The three tabs hold the same CronJob with each policy: every minute, a report
    that takes 90 s. Apply all three and follow kubectl get jobs for three minutes.
goal-allow-overlap = allow has two Jobs running at the same time
goal-forbid-skipped = forbid refuses to start a run while the previous one is active (event JobAlreadyActive)
goal-replace-deleted = replace deletes its running Job to start the next one
hint-1 = Press Apply (all three tabs); the first runs start at the next full minute. Then sleep 65 and kubectl get jobs: Job names end with the scheduled time, in minutes since 1970.
hint-2 = At the second minute: kubectl get cronjobs (the ACTIVE column), kubectl get jobs and kubectl get pods.
hint-3 = kubectl get events --field-selector involvedObject.kind=CronJob tells what each CronJob decided; look again a minute later.
question-forbid-next-run = forbid's first Job has just started and needs 90 s; the schedule fires again in 60 s. What happens to forbid's run at the next minute?
question-forbid-next-run-starts-late = It is held back (JobAlreadyActive) and starts late, as soon as the first Job has finished
question-forbid-next-run-skipped-for-good = It is skipped for good; forbid's next Job starts on the minute after
question-forbid-next-run-runs-alongside = It starts anyway, next to the first one
question-forbid-next-run-explain =
    It starts late. At the next minute forbid saw an active Job and did not start one: event
    JobAlreadyActive, "Not starting job because prior execution is running and concurrency
    policy is Forbid". But that skip is not recorded: status.lastScheduleTime stays at the first
    run. When the first Job finished 30 s later, the CronJob controller synced again, found the
    missed minute still the most recent unmet schedule, and created its Job then, named after
    the minute it was meant for but created at second 30 or so. Since every run takes 90 s,
    forbid now runs back to back, each run late. startingDeadlineSeconds decides how late a
    run may still start: with 10, the missed run would really be skipped. Meanwhile allow ran
    two Jobs side by side, and replace deleted its running Job (SuccessfulDelete) to start the
    new one, so none of its reports ever got to finish.
