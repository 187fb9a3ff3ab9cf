# page: https://kubernetes.io/docs/tasks/administer-cluster/manage-resources/cpu-default-namespace/
kubectl create namespace default-cpu-example
kubectl apply -f https://k8s.io/examples/admin/resource/cpu-defaults.yaml --namespace=default-cpu-example
kubectl apply -f https://k8s.io/examples/admin/resource/cpu-defaults-pod.yaml --namespace=default-cpu-example
# page: "a CPU request of 500 millicpus and a CPU limit of 1 cpu": limits cpu "1", requests 500m
kubectl get pod default-cpu-demo --output=yaml --namespace=default-cpu-example | sed -n '/^  containers:/,/^    terminationMessagePath/p'
# page: "the Container's CPU request is set to match its CPU limit. Notice that the Container was
# not assigned the default CPU request value of 0.5 cpu" — the page's own snippet then shows
# requests cpu "0.5", which contradicts its sentence: upstream sets the request to the limit, "1"
kubectl apply -f https://k8s.io/examples/admin/resource/cpu-defaults-pod-2.yaml --namespace=default-cpu-example
kubectl get pod default-cpu-demo-2 --output=yaml --namespace=default-cpu-example | sed -n '/^    resources:/,/^    terminationMessagePath/p'
# page: limits cpu "1" (the namespace's default), requests 750m
kubectl apply -f https://k8s.io/examples/admin/resource/cpu-defaults-pod-3.yaml --namespace=default-cpu-example
kubectl get pod default-cpu-demo-3 --output=yaml --namespace=default-cpu-example | sed -n '/^    resources:/,/^    terminationMessagePath/p'
kubectl delete namespace default-cpu-example
