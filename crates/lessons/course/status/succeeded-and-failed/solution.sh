kubectl apply -f report.yaml
kubectl apply -f migrate.yaml
kubectl apply -f retry.yaml
sleep 2
kubectl get pods
sleep 18
kubectl get pods
kubectl get pods -o custom-columns=NAME:.metadata.name,PHASE:.status.phase,EXIT:.status.containerStatuses[0].state.terminated.exitCode,RESTARTS:.status.containerStatuses[0].restartCount
kubectl logs retry --previous
