# The kubelet reports a pod's container statuses sorted by container name (init containers keep
# the spec's order), and kubectl's STATUS column takes the first status that is waiting or
# terminated: a pod whose `good` container exited 0 and `bad` container exited 3 is Error,
# whatever their order in the spec. The OOM-killed container of a Never pod shows OOMKilled.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: one-fails
spec:
  restartPolicy: Never
  initContainers:
  - name: zz-prepare
    image: busybox:1.36
    command: ["sh", "-c", "exit 0"]
  - name: aa-check
    image: busybox:1.36
    command: ["sh", "-c", "exit 0"]
  containers:
  - name: good
    image: busybox:1.36
    command: ["sh", "-c", "exit 0"]
  - name: bad
    image: busybox:1.36
    command: ["sh", "-c", "exit 3"]
---
apiVersion: v1
kind: Pod
metadata:
  name: oom-never
spec:
  restartPolicy: Never
  containers:
  - name: hog
    image: registry.podlife.dev/app:1.0
    env:
    - {name: MEMORY_GROWTH_MB_PER_SECOND, value: "50"}
    resources:
      limits: {memory: 128Mi}
EOF
sleep 15
kubectl get pods
kubectl get pod one-fails -o jsonpath='{.status.phase} {.status.containerStatuses[*].name} {.status.containerStatuses[*].state.terminated.exitCode}{"\n"}'
kubectl get pod one-fails -o jsonpath='{.status.initContainerStatuses[*].name}{"\n"}'
kubectl get pod oom-never -o jsonpath='{.status.phase} {.status.containerStatuses[0].state.terminated.reason}{"\n"}'
