kubectl apply -f worker.yaml
kubectl get pods -w
sleep 360
kubectl logs worker
sleep 660
kubectl get pods
until kubectl get pod worker | grep -q CrashLoopBackOff; do sleep 1; done
kubectl get pods
kubectl get pod worker -o jsonpath='{.status.containerStatuses[0].state.waiting.message}{"\n"}'
kubectl logs worker --previous
