# page: https://kubernetes.io/docs/tasks/administer-cluster/manage-resources/quota-memory-cpu-namespace/
kubectl create namespace quota-mem-cpu-example
kubectl apply -f https://k8s.io/examples/admin/resource/quota-mem-cpu.yaml --namespace=quota-mem-cpu-example
sleep 1
kubectl get resourcequota mem-cpu-demo --namespace=quota-mem-cpu-example --output=yaml | sed -n '/^spec:/,$p'
kubectl apply -f https://k8s.io/examples/admin/resource/quota-mem-cpu-pod.yaml --namespace=quota-mem-cpu-example
sleep 10
# page: "Verify that the Pod's Container is running"
kubectl get pod quota-mem-cpu-demo --namespace=quota-mem-cpu-example
# page: status hard limits.cpu "2", limits.memory 2Gi, requests.cpu "1", requests.memory 1Gi;
# used limits.cpu 800m, limits.memory 800Mi, requests.cpu 400m, requests.memory 600Mi
kubectl get resourcequota mem-cpu-demo --namespace=quota-mem-cpu-example --output=yaml | sed -n '/^status:/,$p'
# page: `Error from server (Forbidden): error when creating "…quota-mem-cpu-pod-2.yaml": pods
# "quota-mem-cpu-demo-2" is forbidden: exceeded quota: mem-cpu-demo, requested:
# requests.memory=700Mi,used: requests.memory=600Mi, limited: requests.memory=1Gi` (1.36: one
# line, ", used:")
kubectl apply -f https://k8s.io/examples/admin/resource/quota-mem-cpu-pod-2.yaml --namespace=quota-mem-cpu-example
kubectl delete namespace quota-mem-cpu-example
