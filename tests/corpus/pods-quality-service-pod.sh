# page: https://kubernetes.io/docs/tasks/configure-pod-container/quality-service-pod/
kubectl create namespace qos-example
kubectl apply -f https://k8s.io/examples/pods/qos/qos-pod.yaml --namespace=qos-example
sleep 10
# page: "the output shows that Kubernetes gave the Pod a QoS class of Guaranteed. The output also
# verifies that the Pod container has a memory request that matches its memory limit, and it has
# a CPU request that matches its CPU limit." (the page prints -o yaml)
kubectl get pod qos-demo --namespace=qos-example --output=jsonpath='{.spec.containers[0].resources} {.status.qosClass}{"\n"}'
kubectl delete pod qos-demo --namespace=qos-example
kubectl apply -f https://k8s.io/examples/pods/qos/qos-pod-2.yaml --namespace=qos-example
sleep 10
# page: "The output shows that Kubernetes gave the Pod a QoS class of Burstable"
kubectl get pod qos-demo-2 --namespace=qos-example --output=jsonpath='{.spec.containers[0].resources} {.status.qosClass}{"\n"}'
kubectl delete pod qos-demo-2 --namespace=qos-example
kubectl apply -f https://k8s.io/examples/pods/qos/qos-pod-3.yaml --namespace=qos-example
sleep 10
# page: "The output shows that Kubernetes gave the Pod a QoS class of BestEffort"
kubectl get pod qos-demo-3 --namespace=qos-example --output=jsonpath='{.spec.containers[0].resources} {.status.qosClass}{"\n"}'
kubectl delete pod qos-demo-3 --namespace=qos-example
kubectl apply -f https://k8s.io/examples/pods/qos/qos-pod-4.yaml --namespace=qos-example
sleep 20
# page: "The output shows that Kubernetes gave the Pod a QoS class of Burstable" (one container
# with a memory request, one with none)
kubectl get pod qos-demo-4 --namespace=qos-example --output=jsonpath='{range .spec.containers[*]}{.name}: {.resources}{"\n"}{end}{.status.qosClass}{"\n"}'
# page: "Retrieve the QoS class for a Pod ... kubectl get pod -n qos-example qos-demo-4 -o jsonpath='{ .status.qosClass}{"\n"}'"
kubectl --namespace=qos-example get pod qos-demo-4 -o jsonpath='{ .status.qosClass}{"\n"}'
# page qos-pod-5.yaml: same shape as qos-pod.yaml, Guaranteed
kubectl apply -f https://k8s.io/examples/pods/qos/qos-pod-5.yaml --namespace=qos-example
sleep 10
kubectl get pod qos-demo-5 --namespace=qos-example --output=jsonpath='{.status.qosClass}{"\n"}'
kubectl delete namespace qos-example
