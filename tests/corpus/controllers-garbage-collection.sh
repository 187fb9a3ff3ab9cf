# page: https://kubernetes.io/docs/concepts/architecture/garbage-collection/ (its older version,
# "Garbage Collection" under concepts/workloads/controllers, used this example; today's page no
# longer shows it). The page's propagationPolicy examples go through `kubectl proxy` and curl,
# which podlife does not model: kubectl's --cascade=background|foreground|orphan sends the same
# DeleteOptions.
kubectl apply -f https://k8s.io/examples/controllers/replicaset.yaml
sleep 5
# page: "The output shows that the Pod owner is a ReplicaSet named my-repset": ownerReferences
# apiVersion apps/v1, controller true, blockOwnerDeletion true, kind ReplicaSet, name my-repset
kubectl get pods --output=yaml | grep -A6 'ownerReferences:'
# page: "Here's an example that orphans the dependents of a ReplicaSet" (--cascade=false:
# deprecated in 1.36 for --cascade=orphan, with a warning); the pods stay, without owner
kubectl delete replicaset my-repset --cascade=false
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}{" owners: "}{.metadata.ownerReferences}{"\n"}{end}'
# a new ReplicaSet with the same selector adopts them
kubectl apply -f https://k8s.io/examples/controllers/replicaset.yaml
sleep 2
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.ownerReferences[0].name}{"\n"}{end}'
# page (Foreground cascading deletion): the owner stays, with deletionTimestamp and the
# foregroundDeletion finalizer, until the blocking dependents are deleted
kubectl delete replicaset my-repset --cascade=foreground --wait=false
kubectl get replicaset my-repset -o jsonpath='{.metadata.finalizers}{" "}{.metadata.deletionTimestamp}{"\n"}'
sleep 40
kubectl get replicaset,pods
# page (Background cascading deletion): "Kubernetes deletes the owner object immediately and the
# garbage collector then deletes the dependents in the background"
kubectl apply -f https://k8s.io/examples/controllers/replicaset.yaml
sleep 5
kubectl delete replicaset my-repset --cascade=background
kubectl get replicaset
kubectl get pods
sleep 40
kubectl get pods
