# In-place pod resize (InPlacePodVerticalScaling, GA since 1.35), after the kubernetes.io task
# "Resize CPU and Memory Resources assigned to Containers" and its pods/resource/pod-resize.yaml:
# the pods/resize subresource, resizePolicy NotRequired (in place, restartCount stays) and
# RestartContainer (the container restarts), an Infeasible resize, the resize conditions,
# status.containerStatuses[].allocatedResources and .resources, and the cgroup rewritten in place.
kubectl create namespace qos-example
kubectl apply -n qos-example -f - <<EOF2
apiVersion: v1
kind: Pod
metadata:
  name: resize-demo
spec:
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.8
    resizePolicy:
    - resourceName: cpu
      restartPolicy: NotRequired
    - resourceName: memory
      restartPolicy: RestartContainer
    resources:
      limits:
        memory: "200Mi"
        cpu: "700m"
      requests:
        memory: "200Mi"
        cpu: "700m"
EOF2
sleep 10
kubectl get pod resize-demo -n qos-example -o jsonpath='{.spec.containers[0].resources}{"\n"}{.status.containerStatuses[0].allocatedResources}{"\n"}{.status.containerStatuses[0].resources}{"\n"}{.status.containerStatuses[0].restartCount} {.status.qosClass} {.metadata.generation}{"\n"}'
# Resources stay immutable through a plain update.
kubectl patch pod resize-demo -n qos-example --patch '{"spec":{"containers":[{"name":"pause", "resources":{"requests":{"cpu":"800m"}, "limits":{"cpu":"800m"}}}]}}'
kubectl patch pod resize-demo -n qos-example --subresource foo --patch '{}'
# Example 1: CPU in place.
kubectl patch pod resize-demo -n qos-example --subresource resize --patch '{"spec":{"containers":[{"name":"pause", "resources":{"requests":{"cpu":"800m"}, "limits":{"cpu":"800m"}}}]}}'
kubectl get pod resize-demo -n qos-example -o jsonpath='{.metadata.generation} {.status.observedGeneration} {.status.conditions[?(@.type=="PodResizeInProgress")].status}{"\n"}'
sleep 2
kubectl get pod resize-demo -n qos-example -o jsonpath='{.spec.containers[0].resources}{"\n"}{.status.containerStatuses[0].allocatedResources}{"\n"}{.status.containerStatuses[0].resources}{"\n"}{.status.containerStatuses[0].restartCount} {.status.conditions[*].type}{"\n"}'
# Example 2: memory, whose resizePolicy is RestartContainer.
kubectl patch pod resize-demo -n qos-example --subresource resize --patch '{"spec":{"containers":[{"name":"pause", "resources":{"requests":{"memory":"300Mi"}, "limits":{"memory":"300Mi"}}}]}}'
sleep 3
kubectl get pod resize-demo -n qos-example -o jsonpath='{.spec.containers[0].resources}{"\n"}{.status.containerStatuses[0].resources}{"\n"}{.status.containerStatuses[0].restartCount}{"\n"}'
# Infeasible: 1000 CPUs on a 2-CPU node.
kubectl patch pod resize-demo -n qos-example --subresource resize --patch '{"spec":{"containers":[{"name":"pause", "resources":{"requests":{"cpu":"1000"}, "limits":{"cpu":"1000"}}}]}}'
sleep 2
kubectl get pod resize-demo -n qos-example -o jsonpath='{.spec.containers[0].resources.requests.cpu}{"\n"}{.status.conditions[?(@.type=="PodResizePending")]}{"\n"}{.status.containerStatuses[0].resources}{"\n"}{.status.containerStatuses[0].restartCount}{"\n"}'
# The class may not change: a Guaranteed pod's request alone.
kubectl patch pod resize-demo -n qos-example --subresource resize --patch '{"spec":{"containers":[{"name":"pause", "resources":{"requests":{"cpu":"500m"}}}]}}'
kubectl patch pod resize-demo -n qos-example --subresource resize --type json --patch '[{"op":"remove","path":"/spec/containers/0/resources/limits/memory"}]'
# Back to a feasible size: the pending condition goes.
kubectl patch pod resize-demo -n qos-example --subresource resize --patch '{"spec":{"containers":[{"name":"pause", "resources":{"requests":{"cpu":"500m"}, "limits":{"cpu":"500m"}}}]}}'
sleep 2
kubectl get pod resize-demo -n qos-example
kubectl describe pod resize-demo -n qos-example
# The cgroup is rewritten in place, as the container sees it.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata:
  name: shell
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    resources:
      requests: {cpu: 250m, memory: 64Mi}
      limits: {cpu: 500m, memory: 128Mi}
EOF2
sleep 10
kubectl exec shell -- cat /sys/fs/cgroup/cpu.max /sys/fs/cgroup/cpu.weight /sys/fs/cgroup/memory.max
kubectl patch pod shell --subresource resize --patch '{"spec":{"containers":[{"name":"app", "resources":{"requests":{"cpu":"1"}, "limits":{"cpu":"1500m", "memory":"64Mi"}}}]}}'
sleep 2
kubectl exec shell -- cat /sys/fs/cgroup/cpu.max /sys/fs/cgroup/cpu.weight /sys/fs/cgroup/memory.max
kubectl get pod shell -o jsonpath='{.status.containerStatuses[0].restartCount} {.status.qosClass}{"\n"}'
kubectl get events -n qos-example --field-selector involvedObject.name=resize-demo
