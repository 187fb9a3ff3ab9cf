# page: https://kubernetes.io/docs/tasks/configure-pod-container/assign-cpu-resource/
# page prerequisite: metrics-server
podlife addon enable metrics-server
kubectl create namespace cpu-example
kubectl apply -f https://k8s.io/examples/pods/resource/cpu-request-limit.yaml --namespace=cpu-example
sleep 60
# page: "The output shows that the one container in the Pod has a CPU request of 500 milliCPU and a
# CPU limit of 1 CPU"
kubectl get pod cpu-demo --output=jsonpath='{.spec.containers[0].resources}{"\n"}' --namespace=cpu-example
# page: "This example output shows that the Pod is using 974 milliCPU, which is slightly less than
# the limit of 1 CPU specified in the Pod configuration"
kubectl top pod cpu-demo --namespace=cpu-example
kubectl delete pod cpu-demo --namespace=cpu-example
# Specify a CPU request that is too big for your Nodes
kubectl apply -f https://k8s.io/examples/pods/resource/cpu-request-limit-2.yaml --namespace=cpu-example
sleep 10
# page: "The output shows that the Pod status is Pending ... the Pod is not scheduled to run on
# any Node"; the event says "Insufficient cpu"
kubectl get pod cpu-demo-2 --namespace=cpu-example
kubectl describe pod cpu-demo-2 --namespace=cpu-example | sed -n '/^Events:/,$p'
kubectl delete pod cpu-demo-2 --namespace=cpu-example
kubectl delete namespace cpu-example
