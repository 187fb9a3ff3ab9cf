# Scaling a Deployment in the middle of a rollout (sync.go `scale`): 10 replicas at the
# default 25% / 25% (maxSurge 3, maxUnavailable 2) roll towards an image that does not exist,
# and stop at old 8 + new 5 = 13. Scaled to 15 (maxSurge 4: 19 allowed), the 6 extra
# replicas are shared in proportion to each ReplicaSet's size against the 13 recorded in its
# max-replicas annotation: old 8 × 19/13 = 11.69 → 12, new 5 × 19/13 = 7.31 → 7. Scaled down
# to 5 (maxSurge 2: 7 allowed), the 12 to remove go the same way, larger first: old 12 × 7/19
# = 4.42 → 4, new 7 × 7/19 = 2.58 → 3. A paused Deployment still scales: to 8 (10 allowed),
# old 4 × 10/7 = 5.71 → 6, new 3 × 10/7 = 4.29 → 4.
kubectl create deployment web --image=nginx:1.27 --replicas=10
kubectl rollout status deployment/web
kubectl set image deployment/web nginx=nginx:1.99-does-not-exist
sleep 10
kubectl get rs
kubectl get rs -o jsonpath='{range .items[*]}{.metadata.name} {.spec.replicas} {.metadata.annotations}{"\n"}{end}'
kubectl scale deployment/web --replicas=15
sleep 10
kubectl get rs
kubectl get rs -o jsonpath='{range .items[*]}{.metadata.name} {.spec.replicas} {.metadata.annotations}{"\n"}{end}'
kubectl get deploy web
kubectl scale deployment/web --replicas=5
sleep 10
kubectl get rs
kubectl get rs -o jsonpath='{range .items[*]}{.metadata.name} {.spec.replicas} {.metadata.annotations}{"\n"}{end}'
kubectl rollout pause deployment/web
kubectl scale deployment/web --replicas=8
sleep 10
kubectl get rs
kubectl get deploy web -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
kubectl get events --field-selector involvedObject.kind=Deployment
kubectl describe rs
