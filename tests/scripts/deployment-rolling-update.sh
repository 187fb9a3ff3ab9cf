# A rolling update of 10 replicas at the default 25% / 25%: maxSurge rounds up to 3 and
# maxUnavailable down to 2, so the Deployment keeps at least 8 pods available and at most 13
# in all while the new ReplicaSet scales up and the old one down. Then the revision history
# over three revisions, and a rollback, which gives the old ReplicaSet the next revision.
kubectl create deployment web --image=nginx:1.27 --replicas=10
kubectl rollout status deployment/web
kubectl get deploy,rs
kubectl set image deployment/web nginx=nginx:1.28
sleep 1
kubectl get rs
sleep 2
kubectl get rs
sleep 1
kubectl get rs
kubectl describe deployment web
kubectl rollout status deployment/web
kubectl describe replicasets
kubectl get deploy web -o wide
kubectl get rs -o wide
kubectl get events --field-selector involvedObject.kind=Deployment
kubectl set image deployment/web nginx=nginx:1.29
kubectl rollout status deployment/web --watch=false
sleep 30
kubectl rollout history deployment/web
kubectl rollout history deployment/web --revision=2
kubectl rollout undo deployment/web
sleep 30
kubectl rollout history deployment/web
kubectl get rs
kubectl get deploy web -o yaml
kubectl scale deployment/web --replicas=4
sleep 10
kubectl get deploy,rs
kubectl rollout undo deployment/web --to-revision=9
kubectl rollout pause deployment/web
kubectl rollout undo deployment/web
kubectl rollout resume deployment/web
kubectl rollout resume deployment/web
