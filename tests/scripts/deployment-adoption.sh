# ReplicaSets a Deployment did not create (controller_ref_manager.go ClaimReplicaSets, sync.go
# getNewReplicaSet). Deleted with --cascade=orphan, a Deployment leaves its ReplicaSets and
# pods running, without an owner. A new Deployment whose selector matches adopts them (an
# ownerReference patch), and the one whose template equals its own (ignoring
# pod-template-hash) is its new ReplicaSet again: nothing is created, and since it was
# revision 1 while the other holds 2, it takes revision 3 (1 kept in revision-history), then
# the rollout scales it up and the other down. A ReplicaSet whose labels stop matching is
# released; its name, <deployment>-<hash>, is then taken by a ReplicaSet the Deployment does
# not own, so the create fails (AlreadyExists), status.collisionCount goes to 1, and the new
# ReplicaSet gets another hash.
kubectl create deployment web --image=nginx:1.27 --replicas=3
kubectl rollout status deployment/web
kubectl set image deployment/web nginx=nginx:1.28
kubectl rollout status deployment/web
kubectl get rs
kubectl delete deployment web --cascade=orphan
sleep 2
kubectl get deploy,rs
kubectl get rs -o jsonpath='{range .items[*]}{.metadata.name} owners={.metadata.ownerReferences} {.metadata.annotations}{"\n"}{end}'
kubectl create deployment web --image=nginx:1.27 --replicas=3
sleep 1
kubectl get rs -o jsonpath='{range .items[*]}{.metadata.name} owner={.metadata.ownerReferences[0].name} {.metadata.annotations}{"\n"}{end}'
kubectl rollout status deployment/web
kubectl get deploy,rs
kubectl rollout history deployment/web
kubectl get events --field-selector involvedObject.kind=Deployment
kubectl label rs web-766486c5b6 app=released --overwrite
sleep 5
kubectl get rs -o jsonpath='{range .items[*]}{.metadata.name} owner={.metadata.ownerReferences[0].name} replicas={.spec.replicas}{"\n"}{end}'
kubectl get deploy web -o jsonpath='collisionCount={.status.collisionCount}{"\n"}'
kubectl rollout status deployment/web
kubectl get rs
kubectl get pods --show-labels
kubectl rollout history deployment/web
