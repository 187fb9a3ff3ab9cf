# page: https://kubernetes.io/docs/tasks/configure-pod-container/resize-container-resources/
# (its steps as of 1.33+; the index holds an older text, these follow pods/resource/pod-resize.yaml)
kubectl create namespace qos-example
kubectl create -f https://k8s.io/examples/pods/resource/pod-resize.yaml
sleep 10
# page: Guaranteed, 700m cpu and 200Mi memory; resizePolicy cpu NotRequired, memory RestartContainer
kubectl get pod resize-demo --namespace=qos-example -o jsonpath='{.spec.containers[0].resizePolicy}{"\n"}{.status.containerStatuses[0].resources}{"\n"}{.status.containerStatuses[0].restartCount} {.status.qosClass}{"\n"}'
# Example 1: CPU to 800m through the resize subresource: applied in place, restartCount stays 0
kubectl patch pod resize-demo -n qos-example --subresource resize --patch \
  '{"spec":{"containers":[{"name":"pause", "resources":{"requests":{"cpu":"800m"}, "limits":{"cpu":"800m"}}}]}}'
sleep 5
kubectl get pod resize-demo --namespace=qos-example -o jsonpath='{.spec.containers[0].resources}{"\n"}{.status.containerStatuses[0].resources}{"\n"}{.status.containerStatuses[0].restartCount}{"\n"}'
# Example 2: memory to 300Mi: its policy RestartContainer restarts the container (restartCount 1)
kubectl patch pod resize-demo -n qos-example --subresource resize --patch \
  '{"spec":{"containers":[{"name":"pause", "resources":{"requests":{"memory":"300Mi"}, "limits":{"memory":"300Mi"}}}]}}'
sleep 5
kubectl get pod resize-demo --namespace=qos-example -o jsonpath='{.spec.containers[0].resources}{"\n"}{.status.containerStatuses[0].resources}{"\n"}{.status.containerStatuses[0].restartCount}{"\n"}'
# Troubleshooting: 1000 CPUs is more than the node can ever give: PodResizePending, Infeasible;
# the container keeps what it had
kubectl patch pod resize-demo -n qos-example --subresource resize --patch \
  '{"spec":{"containers":[{"name":"pause", "resources":{"requests":{"cpu":"1000"}, "limits":{"cpu":"1000"}}}]}}'
sleep 5
kubectl get pod resize-demo --namespace=qos-example -o jsonpath='{.status.conditions[?(@.type=="PodResizePending")].reason}: {.status.conditions[?(@.type=="PodResizePending")].message}{"\n"}{.status.containerStatuses[0].resources}{"\n"}'
kubectl delete namespace qos-example
