# kubectl wait --for=create (kubectl 1.31+, pkg/cmd/wait/wait.go RunWait): the resource finder
# is polled every 500 ms from the start until no target is NotFound; then each is printed as
# met. Past the timeout the error has no name ("timed out waiting for the condition");
# --timeout=0 looks once. A selector that finds nothing is "no matching resources found".
kubectl create deployment web --image=nginx:1.27
kubectl wait --for=create deployment/web
kubectl wait --for=create replicaset -l app=web
kubectl wait --for=create pod/later --timeout=2s
kubectl wait --for=create pod/later --timeout=0
kubectl run later --image=nginx:1.27
kubectl wait --for=create pod/later
kubectl wait --for=create pod -l app=nothing
kubectl wait --for=Create pod/later deploy/web
