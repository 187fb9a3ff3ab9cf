title = When the back-off starts over
intro =
    The worker in the editor cannot reach its queue: its first six attempts crash at once, and
    the kubelet's delay climbs to 2m40s. The seventh attempt gets through and works for 11
    minutes before it crashes too. Apply it and follow it for about 20 minutes of cluster time
    with kubectl get pods -w and a few long sleeps. What does the kubelet do after the long
    run? kubectl logs worker tells you which attempt is running.
goal-long-run = worker's seventh attempt works for 11 minutes, then crashes
goal-restarted-at-once = after the long run, worker is restarted without a wait: RESTARTS has passed 6 when STATUS next shows CrashLoopBackOff
hint-1 = Press Apply, run kubectl get pods -w, then sleep 360. By then the seventh attempt is running; kubectl logs worker says so.
hint-2 = sleep 660 takes you past the end of the seventh attempt. Watch how fast RESTARTS moves afterwards.
hint-3 = Wait until STATUS shows CrashLoopBackOff again, then read the delay in kubectl get pod worker -o yaml (state.waiting.message) and compare it with the 2m40s before the long run.
question-after-long-run = The seventh attempt is up and will work for 11 minutes before it crashes. Before it, the kubelet had held a restart for 2m40s. After this crash, how long will the kubelet hold the restart?
question-after-long-run-five-minutes = 5 minutes: the next step of the climb, which is also its ceiling
question-after-long-run-same-again = 2m40s again: the delay stays where it stopped
question-after-long-run-at-once = No wait at all: it restarts at once, and the delays climb again from 10 s
question-after-long-run-explain =
    The kubelet forgets a back-off that has not been used for 10 minutes. When a container ends
    more than 600 s after the kubelet last advanced its back-off, which it does just before each
    restart, the back-off has expired: the kubelet restarts the container at once, as after its
    very first crash, and the next delays start again from 10 s (10, 20, 40, 80 s). That is why
    RESTARTS jumped by four in about a minute and a half. What counts is how long the container
    ran, not how long it waited: a container that crashes within 10 minutes of its restart keeps
    climbing, up to 5 minutes.
