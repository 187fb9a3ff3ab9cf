# page: https://kubernetes.io/docs/tasks/configure-pod-container/assign-pod-level-resources/
# (feature state PodLevelResources, beta and on by default since 1.34). The CPU section, apart
# from the rest (pods-pod-level-resources.sh) because it is FAILING, see INVENTORY.md
podlife addon enable metrics-server
kubectl create namespace pod-resources-example
# Create a pod with CPU requests and limits at pod-level
kubectl apply -f https://k8s.io/examples/pods/resource/pod-level-cpu-request-limit.yaml --namespace=pod-resources-example
sleep 60
kubectl get pod cpu-demo --namespace=pod-resources-example
# page: "a CPU request of 500 milliCPU and a CPU limit of 1 CPU" (limits cpu "1", requests 500m)
kubectl get pod cpu-demo --output=jsonpath='{.spec.resources}{"\n"}' --namespace=pod-resources-example
# page: "the Pod is using 974 milliCPU, which is slightly less than the limit of 1 CPU";
# "the container is attempting to use more CPU resources than the Pod CPU limit" (throttled:
# podlife prints 1000m for the same stress under a container-level limit of 1)
kubectl top pod cpu-demo --namespace=pod-resources-example
