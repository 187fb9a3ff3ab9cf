# Pod-level resources (`spec.resources`, KEP-2837; the PodLevelResources gate is beta and on by
# default since 1.34). Validation: only cpu, memory and hugepages at pod level, requests ≤
# limits, the pod's requests cover its containers' aggregate requests and no container limit
# exceeds the pod's (upstream's texts and field paths, `spec.resources.containers[0][memory]
# .limits` included). Defaulting: with pod-level limits, the missing pod-level requests come from
# the containers' requests, else from the limits. The pod level alone decides the QoS class, the
# scheduler's requests (a pod whose containers request nothing is `Insufficient cpu`), the
# ResourceQuota usage (and exempts the pod from "must specify"); `kubectl describe node` still
# sums only the containers (kubectl's PodRequestsAndLimits ignores spec.resources:
# kubernetes/kubectl#1807). On the node, a container without a limit of its own gets the pod's
# (cpu.max, memory.max) and, without a request, its cpu.weight from that limit; the pod cgroup's
# cpu.max binds all its containers (two busy loops under 500m share it), and memory over the
# pod limit is OOM-killed — also when two containers together pass it (the pod cgroup's
# memory.max: the second stress finds only what the first leaves). The Downward API reads the pod-level limits for a container without
# its own. In-place resize of pod-level resources (InPlacePodLevelResourcesVerticalScaling, beta
# and on in 1.36; the resize-pod-resources page's example with busybox for its nginx): the pod
# cgroup is rewritten, and a container without a cpu limit of its own, which carries the pod's,
# is restarted because its cpu resizePolicy is RestartContainer (its `sleep` as PID 1 ignores
# SIGTERM: 30 s of grace), while the other (NotRequired) is updated in place; a resize whose pod-level requests no longer cover the containers' is
# refused by the pod's validation.
podlife addon enable metrics-server
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: too-small
spec:
  resources:
    requests:
      cpu: 500m
      ephemeral-storage: 1Gi
    limits:
      memory: 128Mi
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    resources:
      requests:
        cpu: "1"
      limits:
        memory: 256Mi
EOF2
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: shared
spec:
  resources:
    limits:
      cpu: "1"
      memory: 256Mi
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    env:
    - name: CPU_LIMIT
      valueFrom:
        resourceFieldRef:
          resource: limits.cpu
    - name: MEM_LIMIT
      valueFrom:
        resourceFieldRef:
          resource: limits.memory
  - name: helper
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  resources:
    requests:
      cpu: "3"
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF2
sleep 10
kubectl get pods -o wide
kubectl get pod shared -o jsonpath='{.spec.resources}{"\n"}{.spec.containers[*].resources}{"\n"}{.status.qosClass}{"\n"}'
kubectl describe pod big
kubectl exec shared -c app -- cat /sys/fs/cgroup/cpu.max /sys/fs/cgroup/memory.max /sys/fs/cgroup/cpu.weight
kubectl exec shared -c helper -- cat /sys/fs/cgroup/cpu.max /sys/fs/cgroup/memory.max
kubectl exec shared -c app -- sh -c 'echo "CPU_LIMIT=$CPU_LIMIT MEM_LIMIT=$MEM_LIMIT"'
kubectl delete pod big --wait=false
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: spinners
spec:
  resources:
    requests:
      cpu: 500m
    limits:
      cpu: 500m
  containers:
  - name: one
    image: busybox:1.36
    command: ["sh", "-c", "while true; do :; done"]
  - name: two
    image: busybox:1.36
    command: ["sh", "-c", "while true; do :; done"]
---
apiVersion: v1
kind: Pod
metadata:
  name: hog
spec:
  resources:
    limits:
      memory: 100Mi
  containers:
  - name: stress
    image: polinux/stress
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "250M", "--vm-hang", "1"]
EOF2
sleep 60
kubectl top pod spinners --containers
kubectl top pod spinners
kubectl get pod hog
kubectl get pod hog -o jsonpath='{.status.containerStatuses[0].lastState.terminated.reason}{"\n"}'
kubectl describe node worker-1 | sed -n '/Non-terminated/,/Events/p'
kubectl create namespace quota-demo
kubectl create quota compute --hard=requests.cpu=2,requests.memory=1Gi,limits.cpu=2,limits.memory=1Gi -n quota-demo
sleep 2
kubectl apply -n quota-demo -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: pod-level-only
spec:
  resources:
    requests:
      cpu: 500m
      memory: 128Mi
    limits:
      cpu: "1"
      memory: 256Mi
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: containers-only
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF2
sleep 2
kubectl describe quota compute -n quota-demo
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: pod-level-resize-demo
spec:
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.9
    resizePolicy:
    - resourceName: cpu
      restartPolicy: NotRequired
    - resourceName: memory
      restartPolicy: RestartContainer
    resources:
      requests:
        cpu: 100m
        memory: 100Mi
  - name: server
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    resizePolicy:
    - resourceName: cpu
      restartPolicy: RestartContainer
    - resourceName: memory
      restartPolicy: RestartContainer
  resources:
    requests:
      cpu: 200m
      memory: 200Mi
    limits:
      cpu: 200m
      memory: 200Mi
EOF2
sleep 10
kubectl get pod pod-level-resize-demo -o jsonpath='{.status.qosClass}{"\n"}{range .status.containerStatuses[*]}{.name} {.restartCount}{"\n"}{end}'
kubectl exec pod-level-resize-demo -c server -- cat /sys/fs/cgroup/cpu.max
kubectl patch pod pod-level-resize-demo --subresource resize --patch '{"spec":{"resources":{"requests":{"cpu":"300m"}, "limits":{"cpu":"300m"}}}}'
sleep 40
kubectl get pod pod-level-resize-demo -o jsonpath='{.spec.resources}{"\n"}{range .status.containerStatuses[*]}{.name} {.restartCount}{"\n"}{end}'
kubectl exec pod-level-resize-demo -c server -- cat /sys/fs/cgroup/cpu.max
kubectl get events --field-selector involvedObject.name=pod-level-resize-demo,reason!=Pulling,reason!=Pulled,reason!=Created,reason!=Started,reason!=Scheduled
kubectl patch pod pod-level-resize-demo --subresource resize --patch '{"spec":{"resources":{"requests":{"cpu":"50m"}}}}'
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: pair
spec:
  resources:
    limits:
      memory: 200Mi
  containers:
  - name: one
    image: polinux/stress
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "120M", "--vm-hang", "1"]
  - name: two
    image: polinux/stress
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "120M", "--vm-hang", "1"]
EOF2
sleep 20
kubectl get pod pair -o jsonpath='{range .status.containerStatuses[*]}{.name} {.restartCount} {.lastState.terminated.reason}{"\n"}{end}'
