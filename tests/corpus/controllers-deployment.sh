# page: https://kubernetes.io/docs/concepts/workloads/controllers/deployment/
# (the index's copy of the example labels its pods app.kubernetes.io/name=nginx; the page's
# outputs still show app=nginx)
# Creating a Deployment
kubectl apply -f https://k8s.io/examples/controllers/nginx-deployment.yaml
# page: "If the Deployment is still being created": nginx-deployment 0/3 0 0 1s
kubectl get deployments
# page: "Waiting for rollout to finish: 2 out of 3 new replicas have been updated..." then
# `deployment "nginx-deployment" successfully rolled out`
kubectl rollout status deployment/nginx-deployment
sleep 5
# page: nginx-deployment 3/3 3 3
kubectl get deployments
# page: one ReplicaSet nginx-deployment-[HASH], 3 3 3
kubectl get rs
# page: three pods labelled app=nginx,pod-template-hash=HASH (the HASH of the ReplicaSet)
kubectl get pods --show-labels

# Updating a Deployment
# page: "deployment.apps/nginx-deployment image updated"
kubectl set image deployment.v1.apps/nginx-deployment nginx=nginx:1.16.1
# page (Checking Rollout History): "You can specify the CHANGE-CAUSE message by annotating the
# Deployment with kubectl annotate deployment/nginx-deployment
# kubernetes.io/change-cause="image updated to 1.16.1"" (done here, at the update it describes)
kubectl annotate deployment/nginx-deployment kubernetes.io/change-cause="image updated to 1.16.1"
# page: "Waiting for rollout to finish: 2 out of 3 new replicas have been updated..." or
# "successfully rolled out"
kubectl rollout status deployment/nginx-deployment
kubectl get deployments
# page: the new ReplicaSet 3 3 3, the old one 0 0 0
kubectl get rs
# page: "Running get pods should now show only the new Pods" (the old ones may still be
# terminating right after the rollout: nginx takes its SIGQUIT graceful stop)
sleep 5
kubectl get pods
# page: describe: Replicas "3 desired | 3 updated | 3 total | 3 available | 0 unavailable",
# Image nginx:1.16.1, Conditions Available True MinimumReplicasAvailable, Progressing True
# NewReplicaSetAvailable, OldReplicaSets <none> (only old ReplicaSets with pods are listed), events: up old to 3, new to 1, old down to 2, new to 2, old to 1,
# new to 3, old to 0 ("Scaled up replica set X from 0 to 3" in 1.36's words)
kubectl describe deployments

# Rolling Back a Deployment
# page: "deployment.apps/nginx-deployment image updated"
kubectl set image deployment/nginx-deployment nginx=nginx:1.161
# page: "The rollout gets stuck": "Waiting for rollout to finish: 1 out of 3 new replicas have
# been updated..." — the page's reader presses Ctrl-C; here --timeout stops the watch
kubectl rollout status deployment/nginx-deployment --timeout=20s
# page: old ReplicaSets 3 and 0, the new one 1 1 0
kubectl get rs
# page: "1 Pod created by new ReplicaSet is stuck in an image pull loop" (ImagePullBackOff)
kubectl get pods
# page: "Replicas: 3 desired | 1 updated | 4 total | 3 available | 1 unavailable", Image
# nginx:1.161, Available True MinimumReplicasAvailable, Progressing True ReplicaSetUpdated,
# OldReplicaSets (3/3 replicas created), NewReplicaSet (1/1 replicas created), and the last
# event "Scaled up replica set nginx-deployment-… to 1"
kubectl describe deployment

# Checking Rollout History of a Deployment
# page: revisions 1, 2, 3; the page's CHANGE-CAUSE for 1 and 3 came from the removed --record
# flag: <none> in 1.36; 2 has the annotation (the new ReplicaSet of revision 3 takes the
# Deployment's annotation too: upstream copies it to each new ReplicaSet)
kubectl rollout history deployment/nginx-deployment
# page: revision 2: Labels app=nginx, pod-template-hash=…, Annotations
# kubernetes.io/change-cause=…, Image nginx:1.16.1, Port 80/TCP (1.36's layout, not the page's
# old "QoS Tier")
kubectl rollout history deployment/nginx-deployment --revision=2

# Rolling Back to a Previous Revision
# page: "deployment.apps/nginx-deployment rolled back" (kubectl 1.36 warns first that the
# Deployment was managed with kubectl apply)
kubectl rollout undo deployment/nginx-deployment
sleep 10
# page: nginx-deployment 3/3 3 3
kubectl get deployment nginx-deployment
# page: revision 4, Image nginx:1.16.1, 3 desired | 3 updated | 3 total | 3 available, the
# ReplicaSet of revision 2 is the new one again, and the last events: DeploymentRollback
# "Rolled back deployment "nginx-deployment" to revision 2" and the bad ReplicaSet scaled down
# to 0. (kube-controller-manager has not emitted DeploymentRollback since `kubectl rollout
# undo` became client-side in 1.x apps/v1: upstream 1.36 shows no such event)
kubectl describe deployment nginx-deployment
kubectl rollout history deployment/nginx-deployment

# Scaling a Deployment
# page: "deployment.apps/nginx-deployment scaled"
kubectl scale deployment/nginx-deployment --replicas=10
sleep 10
kubectl get deployment nginx-deployment

# Proportional scaling: "you are running a Deployment with 10 replicas, maxSurge=3, and
# maxUnavailable=2" (the page does not say how; a patch here)
kubectl patch deployment nginx-deployment -p '{"spec":{"strategy":{"rollingUpdate":{"maxSurge":3,"maxUnavailable":2}}}}'
sleep 5
# page: 10 10 10 10 (1.36's columns: READY UP-TO-DATE AVAILABLE)
kubectl get deploy
# page: "You update to a new image which happens to be unresolvable from inside the cluster"
kubectl set image deployment/nginx-deployment nginx=nginx:sometag
sleep 5
# page: the new ReplicaSet 5 5 0, the old one 8 8 8 (10 - maxUnavailable 2; 8 + 5 = 10 + maxSurge 3)
kubectl get rs
# page: "The autoscaler increments the Deployment replicas to 15"; "3 replicas are added to the
# old ReplicaSet and 2 replicas are added to the new ReplicaSet"
kubectl scale deployment/nginx-deployment --replicas=15
sleep 5
# page: 15 desired, 18 current, 7 up-to-date, 8 available, right after the scale-up (1.36's
# columns: READY and AVAILABLE are 11 once the three added old pods are ready)
kubectl get deploy
# page: new 7 7 0, old 11 11 11
kubectl get rs

# Pausing and Resuming a rollout of a Deployment ("with a Deployment that was created": a fresh
# one here)
kubectl delete deployment nginx-deployment
kubectl apply -f https://k8s.io/examples/controllers/nginx-deployment.yaml
sleep 15
kubectl get deploy
kubectl get rs
# page: "deployment.apps/nginx-deployment paused"
kubectl rollout pause deployment/nginx-deployment
kubectl set image deployment/nginx-deployment nginx=nginx:1.16.1
# page: "Notice that no new rollout started": one revision
kubectl rollout history deployment/nginx-deployment
# page: the existing ReplicaSet has not changed
kubectl get rs
# page: "deployment.apps/nginx-deployment resource requirements updated"
kubectl set resources deployment/nginx-deployment -c=nginx --limits=cpu=200m,memory=512Mi
sleep 5
kubectl get rs
# page: "deployment.apps/nginx-deployment resumed", then "observe a new ReplicaSet coming up with
# all the new updates"
kubectl rollout resume deployment/nginx-deployment
sleep 20
# page: the old ReplicaSet 0 0 0, the new one 3 3 3
kubectl get rs
kubectl get pods -o jsonpath='{range .items[*]}{.spec.containers[0].image}{" "}{.spec.containers[0].resources.limits}{"\n"}{end}'

# Complete Deployment: "If the rollout completed successfully, kubectl rollout status returns a
# zero exit code"
kubectl rollout status deployment/nginx-deployment
echo $?

# Failed Deployment: "let's suppose you have insufficient quota" (the page's message names a
# quota object-counts with pods=2 while 3 are used: here pods=3, so the rollout's surge pod is
# refused)
kubectl create quota object-counts --hard=pods=3
# page: "deployment.apps/nginx-deployment patched" (600 s is the default: "patched (no change)")
kubectl patch deployment/nginx-deployment -p '{"spec":{"progressDeadlineSeconds":600}}'
kubectl set image deployment/nginx-deployment nginx=nginx:1.14.2
sleep 30
# page: Available True MinimumReplicasAvailable, Progressing True ReplicaSetUpdated,
# ReplicaFailure True FailedCreate. Here Progressing is NewReplicaSetCreated: the new ReplicaSet
# never got a pod, so upstream's DeploymentProgressing never sees progress to report (the
# page's ReplicaSet had pods)
kubectl describe deployment nginx-deployment | sed -n '/^Conditions:/,/^OldReplicaSets/p'
# page: the ReplicaFailure condition's message "Error creating: pods
# "nginx-deployment-4262182780-" is forbidden: exceeded quota: object-counts, requested: pods=1,
# used: pods=3, limited: pods=2" (here limited: pods=3; 1.36's ReplicaSet condition carries the
# API error itself, without the old "Error creating: " prefix)
kubectl get deployment nginx-deployment -o yaml | sed -n '/^status:/,$p'
# page: "once the Deployment progress deadline is exceeded": Progressing False
# ProgressDeadlineExceeded (a changed condition is moved to the end of the list, as upstream's
# SetDeploymentCondition does)
sleep 600
kubectl describe deployment nginx-deployment | sed -n '/^Conditions:/,/^OldReplicaSets/p'
# page: "error: deployment "nginx" exceeded its progress deadline" and exit status 1
kubectl rollout status deployment/nginx-deployment
echo $?
# page: "If you satisfy the quota conditions and the Deployment controller then completes the
# Deployment rollout": Available True MinimumReplicasAvailable, Progressing True
# NewReplicaSetAvailable. Nothing tells the ReplicaSet controller that the quota went: it tries
# its creates again when its work queue's back-off for the key ends (5 ms doubling on each
# failure, up to 1000 s), so after ten minutes of refusals the next try can be minutes away
kubectl delete quota object-counts
sleep 1000
kubectl describe deployment nginx-deployment | sed -n '/^Conditions:/,/^OldReplicaSets/p'
