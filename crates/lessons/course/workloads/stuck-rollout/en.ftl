title = A rollout that gets stuck
intro =
    Deployment web runs four nginx:1.27 pods, and its progressDeadlineSeconds is 30. Roll out
    an image with a typo in its tag, nginx:1.277, which does not exist. Follow the rollout with
    kubectl rollout status and kubectl get pods: what happens to the old pods, the new ones and
    the Deployment's conditions? Then bring the Deployment back to a healthy state.
goal-deadline-exceeded = The Deployment's Progressing condition turns False with reason ProgressDeadlineExceeded
goal-kept-serving = While the rollout is stuck, at least three old pods stay Ready and the new ones cannot pull their image
goal-recovered = After the failure, web is back on nginx:1.27 with four available pods and nothing else
hint-1 = kubectl set image deployment/web nginx=nginx:1.277, then kubectl rollout status deployment/web (it gives up once the deadline has passed).
hint-2 = kubectl get deploy web -o jsonpath='{"{"}range .status.conditions[*]{"}"}{"{"}.type{"}"} {"{"}.status{"}"} {"{"}.reason{"}"}{"{"}"\n"{"}"}{"{"}end{"}"}' prints the conditions; kubectl get pods shows which pods serve.
hint-3 = Nothing undoes the change by itself: kubectl rollout undo deployment/web does.
question-after-deadline = The new pods cannot pull nginx:1.277. What will the Deployment do once 30 s pass without progress?
question-after-deadline-only-reports = Set Progressing to False (ProgressDeadlineExceeded) and nothing more: old and new pods stay as they are
question-after-deadline-rolls-back = Roll back to nginx:1.27 by itself
question-after-deadline-deletes-new = Delete the new pods that cannot start
question-after-deadline-explain =
    It only reports. The rolling update created the new ReplicaSet with one surge pod and took
    one old pod away (maxSurge and maxUnavailable are 1 for four replicas), then stalled: its
    two new pods never became available, so it could not remove another old one. Three old
    pods kept serving, and the kubelet kept retrying the pull with a growing back-off
    (ErrImagePull, ImagePullBackOff). When progressDeadlineSeconds passed with no progress the
    Deployment controller set Progressing to False with reason ProgressDeadlineExceeded
    ("ReplicaSet … has timed out progressing."), and kubectl rollout status exited with an
    error. That is a signal for you or your CD pipeline, not an action: nothing is rolled back
    or deleted. kubectl rollout undo puts the old template back, the old ReplicaSet scales up
    again, the broken one goes to 0, and Progressing returns to True, NewReplicaSetAvailable.
