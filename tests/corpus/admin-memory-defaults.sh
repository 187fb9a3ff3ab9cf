# page: https://kubernetes.io/docs/tasks/administer-cluster/manage-resources/memory-default-namespace/
kubectl create namespace default-mem-example
kubectl apply -f https://k8s.io/examples/admin/resource/memory-defaults.yaml --namespace=default-mem-example
kubectl apply -f https://k8s.io/examples/admin/resource/memory-defaults-pod.yaml --namespace=default-mem-example
# page: "the Pod's Container has a memory request of 256 MiB and a memory limit of 512 MiB.
# These are the default values specified by the LimitRange" (image nginx, imagePullPolicy Always)
kubectl get pod default-mem-demo --output=yaml --namespace=default-mem-example | sed -n '/^  containers:/,/^    terminationMessagePath/p'
kubectl delete pod default-mem-demo --namespace=default-mem-example
# page: "the Container's memory request is set to match its memory limit. Notice that the
# Container was not assigned the default memory request value of 256Mi": limits 1Gi, requests 1Gi
kubectl apply -f https://k8s.io/examples/admin/resource/memory-defaults-pod-2.yaml --namespace=default-mem-example
kubectl get pod default-mem-demo-2 --output=yaml --namespace=default-mem-example | sed -n '/^    resources:/,/^    terminationMessagePath/p'
# page: "The Container's memory limit is set to 512Mi, which is the default memory limit for the
# namespace": limits 512Mi, requests 128Mi
kubectl apply -f https://k8s.io/examples/admin/resource/memory-defaults-pod-3.yaml --namespace=default-mem-example
kubectl get pod default-mem-demo-3 --output=yaml --namespace=default-mem-example | sed -n '/^    resources:/,/^    terminationMessagePath/p'
# the LimitRanger plugin records what it set
kubectl get pod default-mem-demo-3 --namespace=default-mem-example -o jsonpath='{.metadata.annotations}{"\n"}'
kubectl delete namespace default-mem-example
