# page: https://kubernetes.io/docs/tasks/configure-pod-container/assign-pod-level-resources/
# (feature state PodLevelResources, beta and on by default since 1.34). The CPU section (the
# memory and combined sections are pods-pod-level-resources.sh)
podlife addon enable metrics-server
kubectl create namespace pod-resources-example
# Create a pod with CPU requests and limits at pod-level
kubectl apply -f https://k8s.io/examples/pods/resource/pod-level-cpu-request-limit.yaml --namespace=pod-resources-example
sleep 60
kubectl get pod cpu-demo --namespace=pod-resources-example
# page: "a CPU request of 500 milliCPU and a CPU limit of 1 CPU" (limits cpu "1", requests 500m)
kubectl get pod cpu-demo --output=jsonpath='{.spec.resources}{"\n"}' --namespace=pod-resources-example
# page: "the Pod is using 974 milliCPU, which is slightly less than the limit of 1 CPU";
# "the container is attempting to use more CPU resources than the Pod CPU limit" (throttled to
# the pod's limit: the container without a limit of its own gets the pod-level cpu.max)
kubectl top pod cpu-demo --namespace=pod-resources-example
