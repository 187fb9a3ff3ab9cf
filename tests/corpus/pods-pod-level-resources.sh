# page: https://kubernetes.io/docs/tasks/configure-pod-container/assign-pod-level-resources/
# (feature state PodLevelResources, beta and on by default since 1.34)
# page prerequisite for `kubectl top`: metrics-server
podlife addon enable metrics-server
kubectl create namespace pod-resources-example
# Create a pod with memory requests and limits at pod-level (the index also stores a JSON-like
# copy of this file with image nginx, which has no stress binary; the page's version, with
# polinux/stress, is used)
kubectl apply -f https://k8s.io/examples/pods/resource/pod-level-memory-request-limit.yaml --namespace=pod-resources-example
sleep 60
# page: "Verify that the Pod is running"
kubectl get pod memory-demo --namespace=pod-resources-example
# page: "The output shows that the Pod has a memory request of 100 MiB and a memory limit of
# 200 MiB" (spec.resources; the container itself has none)
kubectl get pod memory-demo --output=jsonpath='{.spec.resources}{"\n"}{.spec.containers[0].resources}{"\n"}' --namespace=pod-resources-example
# page: "the Pod is using about 162,900,000 bytes of memory, which is about 150 MiB"
kubectl top pod memory-demo --namespace=pod-resources-example

# Create a pod with resource requests and limits at both pod-level and container-level
kubectl apply -f https://k8s.io/examples/pods/resource/pod-level-resources.yaml --namespace=pod-resources-example
sleep 30
# page: "kubectl get pod-resources-demo" (a typo: the resource type is missing; `get pod` meant)
kubectl get pod pod-resources-demo --namespace=pod-resources-example
# page: "kubectl get pod memory-demo --output=yaml" (a copy-paste slip: pod-resources-demo meant);
# ctr-1: requests cpu 500m memory 50Mi, limits cpu 500m memory 100Mi; ctr-2: resources {};
# pod: limits cpu 1 memory 200Mi, requests cpu 1 memory 100Mi
kubectl get pod pod-resources-demo --output=jsonpath='{range .spec.containers[*]}{.name}: {.resources}{"\n"}{end}pod: {.spec.resources}{"\n"}' --namespace=pod-resources-example
# page (Limitations): "In-place resize of pod-level resources is not supported ... pods with
# pod-level resources cannot be resized" -- changed upstream: InPlacePodLevelResourcesVerticalScaling
# (alpha 1.35) is off by default, so a resize of spec.resources is refused; not exercised here
kubectl delete namespace pod-resources-example
