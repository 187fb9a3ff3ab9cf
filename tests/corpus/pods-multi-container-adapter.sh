# page: https://kubernetes.io/docs/concepts/workloads/pods/multi-container-pods/ (adapter)
# the adapter sidecar follows the app's raw log on the shared emptyDir (`tail -F`) and writes
# each line to its stdout as "adapted: <line>"
kubectl apply -f https://k8s.io/examples/pods/multi-container/adapter.yaml
sleep 30
kubectl get pod adapter-pattern-example
kubectl exec adapter-pattern-example -c main-app -- tail -n 2 /var/log/app/raw.log
kubectl logs adapter-pattern-example -c adapter --tail=2
