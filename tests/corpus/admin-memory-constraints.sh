# page: https://kubernetes.io/docs/tasks/administer-cluster/manage-resources/memory-constraint-namespace/
kubectl create namespace constraints-mem-example
kubectl apply -f https://k8s.io/examples/admin/resource/memory-constraints.yaml --namespace=constraints-mem-example
# page: "even though you didn't specify default values in the configuration file for the
# LimitRange, they were created automatically": default 1Gi, defaultRequest 1Gi, max 1Gi,
# min 500Mi
kubectl get limitrange mem-min-max-demo-lr --namespace=constraints-mem-example --output=yaml | sed -n '/^spec:/,$p'
kubectl apply -f https://k8s.io/examples/admin/resource/memory-constraints-pod.yaml --namespace=constraints-mem-example
sleep 10
# page: "Verify that the Pod's Container is running"
kubectl get pod constraints-mem-demo --namespace=constraints-mem-example
# page: limits 800Mi, requests 600Mi
kubectl get pod constraints-mem-demo --output=yaml --namespace=constraints-mem-example | sed -n '/^    resources:/,/^    terminationMessagePath/p' | head -6
kubectl delete pod constraints-mem-demo --namespace=constraints-mem-example
# page: `Error from server (Forbidden): error when creating "…memory-constraints-pod-2.yaml":
# pods "constraints-mem-demo-2" is forbidden: maximum memory usage per Container is 1Gi, but
# limit is 1536Mi.` (1.36 prints it on one line, without the final period)
kubectl apply -f https://k8s.io/examples/admin/resource/memory-constraints-pod-2.yaml --namespace=constraints-mem-example
# page: `… pods "constraints-mem-demo-3" is forbidden: minimum memory usage per Container is
# 500Mi, but request is 100Mi.`
kubectl apply -f https://k8s.io/examples/admin/resource/memory-constraints-pod-3.yaml --namespace=constraints-mem-example
# page: "the Pod's Container has a memory request of 1 GiB and a memory limit of 1 GiB": the
# LimitRange's defaults
kubectl apply -f https://k8s.io/examples/admin/resource/memory-constraints-pod-4.yaml --namespace=constraints-mem-example
kubectl get pod constraints-mem-demo-4 --namespace=constraints-mem-example --output=yaml | sed -n '/^    resources:/,/^    terminationMessagePath/p'
kubectl delete pod constraints-mem-demo-4 --namespace=constraints-mem-example
kubectl delete namespace constraints-mem-example
