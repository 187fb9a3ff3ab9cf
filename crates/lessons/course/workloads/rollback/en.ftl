title = Rolling back to the previous revision
intro =
    Deployment web was just upgraded from nginx 1.27 to 1.28 (revision 2), and 1.28 turns out to
    be the wrong choice. Every change of the pod template got its own ReplicaSet, and the old
    one is still there with 0 replicas. Look at kubectl rollout history and kubectl get rs, then
    go back with kubectl rollout undo and watch which ReplicaSet scales up and what happens to
    the revision numbers.
goal-back-on-old = Deployment web runs nginx:1.27 again, three pods, all available
goal-reused = No new ReplicaSet: the first one (web-766486c5b6) is back with 3 ready pods, as revision 3
hint-1 = kubectl rollout history deployment/web lists the revisions; kubectl rollout history deployment/web --revision=1 shows that revision's pod template.
hint-2 = kubectl get rs -o wide shows each ReplicaSet's image; the one at 0 replicas is revision 1.
hint-3 = kubectl rollout undo deployment/web goes back to the previous revision (--to-revision=N picks another); follow it with kubectl rollout status deployment/web.
question-history-after = You ran kubectl rollout undo. What will kubectl rollout history list once the rollback is done?
question-history-after-two-three = Revisions 2 and 3: the revision-1 ReplicaSet is scaled up again and becomes revision 3
question-history-after-one-two-three = Revisions 1, 2 and 3: the rollback creates a third ReplicaSet, a copy of revision 1
question-history-after-one-two = Revisions 1 and 2, with the Deployment back at revision 1
question-history-after-explain =
    Revisions 2 and 3. kubectl rollout undo copies revision 1's pod template back into the
    Deployment: the template changed, so this is an ordinary rolling update. The Deployment
    controller looks for a ReplicaSet whose template equals the new one (ignoring the
    pod-template-hash label), finds web-766486c5b6, and reuses it instead of creating another.
    A rollout always moves forward, so that ReplicaSet gets the next number, 3 (its annotation
    deployment.kubernetes.io/revision-history keeps the old 1), and revision 1 disappears from
    the list. Setting the image back with kubectl set image or kubectl apply would have done
    exactly the same. Only the pod template is rolled back: a changed database schema or a
    ConfigMap edited in between stays as it is.
