# kubectl wait over a label selector or --all (pkg/cmd/wait/wait.go RunWait, cli-runtime's
# resource builder): the selector is listed once, when the command starts, and every object
# found waits within the one --timeout. Right after `kubectl create deployment` the ReplicaSet
# has not created its pods yet, so a wait on `-l app=web` finds nothing: "no matching
# resources found" (for --for=delete, nothing found is success). Names print as the name
# printer writes them, with the group (deployment.apps/web). `--all` selects everything of a
# bare type, and a -l given with it wins (ResourceTypeOrNameArgs, then LabelSelectorParam); a
# selector with names or without a type, or a type without names or selector, are the
# builder's errors. Named targets are visited in order and the first one missing ends the
# command (VisitorList). A negative --timeout waits a week.
kubectl create deployment web --image=nginx:1.27 --replicas=3
kubectl wait --for=condition=Ready pod -l app=web
kubectl rollout status deployment/web
kubectl wait --for=condition=Ready pod -l app=web --timeout=60s
kubectl wait --for=condition=Available deployment --all
kubectl wait --for=condition=Available deployment -A --all --timeout=0
kubectl wait --for=condition=Ready pod -l app=nothing
kubectl wait --for=delete pod -l app=nothing
kubectl wait --for=condition=Ready pod/web -l app=web
kubectl wait --for=condition=Ready pod web -l app=web
kubectl wait --for=condition=Ready pod --all -l app=web --timeout=0
kubectl wait --for=condition=Ready -l app=web
kubectl wait --for=condition=Ready pod
kubectl wait --for=condition=Ready pod -l 'app in (web'
kubectl wait --for=condition=Available deployment/nope deployment/web --timeout=0
kubectl delete deployment web --wait=false
kubectl wait --for=delete pod -l app=web --timeout=-1s
kubectl get pods
