# page: https://kubernetes.io/docs/tasks/network/customize-hosts-file-for-pods/
kubectl run nginx --image nginx
sleep 15
kubectl get pods --output=wide
kubectl exec nginx -- cat /etc/hosts
kubectl apply -f https://k8s.io/examples/service/networking/hostaliases-pod.yaml
sleep 10
kubectl get pod --output=wide
kubectl logs hostaliases-pod
