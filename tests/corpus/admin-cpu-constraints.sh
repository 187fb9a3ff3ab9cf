# page: https://kubernetes.io/docs/tasks/administer-cluster/manage-resources/cpu-constraint-namespace/
kubectl create namespace constraints-cpu-example
kubectl apply -f https://k8s.io/examples/admin/resource/cpu-constraints.yaml --namespace=constraints-cpu-example
# page: the defaults are created from max: default 800m, defaultRequest 800m, max 800m, min 200m
kubectl get limitrange cpu-min-max-demo-lr --namespace=constraints-cpu-example --output=yaml | sed -n '/^spec:/,$p'
kubectl apply -f https://k8s.io/examples/admin/resource/cpu-constraints-pod.yaml --namespace=constraints-cpu-example
sleep 10
# page: "Verify that the Pod's Container is running"
kubectl get pod constraints-cpu-demo --namespace=constraints-cpu-example
# page: limits 800m, requests 500m
kubectl get pod constraints-cpu-demo --output=yaml --namespace=constraints-cpu-example | sed -n '/^    resources:/,/^    terminationMessagePath/p' | head -6
kubectl delete pod constraints-cpu-demo --namespace=constraints-cpu-example
# page: `Error from server (Forbidden): error when creating "…cpu-constraints-pod-2.yaml":
# pods "constraints-cpu-demo-2" is forbidden: maximum cpu usage per Container is 800m, but
# limit is 1500m.` (1.36 prints it on one line, without the final period)
kubectl apply -f https://k8s.io/examples/admin/resource/cpu-constraints-pod-2.yaml --namespace=constraints-cpu-example
# page: `… pods "constraints-cpu-demo-3" is forbidden: minimum cpu usage per Container is 200m,
# but request is 100m.`
kubectl apply -f https://k8s.io/examples/admin/resource/cpu-constraints-pod-3.yaml --namespace=constraints-cpu-example
# page: "the Pod's Container has a CPU request of 800 millicpu and a CPU limit of 800 millicpu":
# the LimitRange's defaults (image vish/stress)
kubectl apply -f https://k8s.io/examples/admin/resource/cpu-constraints-pod-4.yaml --namespace=constraints-cpu-example
kubectl get pod constraints-cpu-demo-4 --namespace=constraints-cpu-example --output=yaml | sed -n '/^    resources:/,/^    terminationMessagePath/p'
kubectl delete pod constraints-cpu-demo-4 --namespace=constraints-cpu-example
kubectl delete namespace constraints-cpu-example
