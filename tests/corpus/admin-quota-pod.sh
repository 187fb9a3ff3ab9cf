# page: https://kubernetes.io/docs/tasks/administer-cluster/manage-resources/quota-pod-namespace/
kubectl create namespace quota-pod-example
kubectl apply -f https://k8s.io/examples/admin/resource/quota-pod.yaml --namespace=quota-pod-example
sleep 1
# page: spec hard pods "2"; status hard pods "2", used pods "0"
kubectl get resourcequota pod-demo --namespace=quota-pod-example --output=yaml | sed -n '/^spec:/,$p'
kubectl apply -f https://k8s.io/examples/admin/resource/quota-pod-deployment.yaml --namespace=quota-pod-example
sleep 15
# page: "even though the Deployment specifies three replicas, only two Pods were created because
# of the quota": replicas 3, availableReplicas 2, and the condition message "unable to create
# pods: pods "pod-quota-demo-1650323038-" is forbidden: exceeded quota: pod-demo, requested:
# pods=1, used: pods=2, limited: pods=2" (1.36: the Deployment's ReplicaFailure condition
# carries the ReplicaSet's, see controllers-deployment.sh)
kubectl get deployment pod-quota-demo --namespace=quota-pod-example -o jsonpath='spec.replicas: {.spec.replicas}{"\n"}'
kubectl get deployment pod-quota-demo --namespace=quota-pod-example --output=yaml | sed -n '/^status:/,$p'
kubectl delete namespace quota-pod-example
