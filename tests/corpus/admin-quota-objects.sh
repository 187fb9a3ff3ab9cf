# page: https://kubernetes.io/docs/tasks/administer-cluster/manage-resources/quota-api-object/
# (renamed "Configure Quotas for Storage" upstream since; same steps)
kubectl create namespace quota-object-example
kubectl apply -f https://k8s.io/examples/admin/resource/quota-objects.yaml --namespace=quota-object-example
sleep 1
# page: hard persistentvolumeclaims "1", services.loadbalancers "2", services.nodeports "0";
# used all "0"
kubectl get resourcequota object-quota-demo --namespace=quota-object-example --output=yaml | sed -n '/^status:/,$p'
kubectl apply -f https://k8s.io/examples/admin/resource/quota-objects-pvc.yaml --namespace=quota-object-example
# page: pvc-quota-demo Pending (no StorageClass "manual" here either)
kubectl get persistentvolumeclaims --namespace=quota-object-example
# page: `persistentvolumeclaims "pvc-quota-demo-2" is forbidden: exceeded quota:
# object-quota-demo, requested: persistentvolumeclaims=1, used: persistentvolumeclaims=1,
# limited: persistentvolumeclaims=1` (kubectl apply prefixes its "Error from server
# (Forbidden): error when creating …")
kubectl apply -f https://k8s.io/examples/admin/resource/quota-objects-pvc-2.yaml --namespace=quota-object-example
kubectl delete namespace quota-object-example
