kubectl apply -f exits.yaml
sleep 5
kubectl exec exits -- touch /tmp/fail
sleep 3
kubectl get pod exits -o jsonpath='{.status.containerStatuses[0].lastState.terminated}{"\n"}'
kubectl exec exits -- touch /tmp/finish
sleep 20
kubectl get pod exits -o jsonpath='{.status.containerStatuses[0].lastState.terminated}{"\n"}'
kubectl get pod exits -o wide
NODE=$(kubectl get pod exits -o jsonpath='{.spec.nodeName}')
C=$(podlife node $NODE -- crictl ps --name app -q)
podlife node $NODE -- crictl stop --timeout 10 $C
sleep 40
kubectl get pod exits -o jsonpath='{.status.containerStatuses[0].lastState.terminated}{"\n"}'
kubectl logs exits --previous
C=$(podlife node $NODE -- crictl ps --name app -q)
podlife node $NODE -- crictl stop $C
sleep 60
kubectl describe pod exits
