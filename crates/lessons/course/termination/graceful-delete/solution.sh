kubectl delete pod app --wait=false
kubectl get pod app
kubectl get pod app -o jsonpath='{.metadata.deletionTimestamp} {.metadata.deletionGracePeriodSeconds}{"\n"}'
kubectl logs app
sleep 8
kubectl get pod app
