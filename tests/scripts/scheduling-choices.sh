# How kube-scheduler picks among nodes that fit: required node affinity, tolerations,
# effective requests with init containers and a native sidecar, LeastAllocated between
# unequal nodes, and ImageLocality between equal ones. `small` and `large` are machines that
# joined (`podlife node add`); `gpu` is only a Node object written with kubectl — a status
# that lists an image, and no kubelet behind it — enough for the scheduler, so `trainer` is
# bound there and stays Pending: nothing runs it.
podlife cluster empty
podlife node add small --cpu 2 --memory 4Gi --labels zone=a
podlife node add large --cpu 8 --memory 16Gi --labels zone=b
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Node
metadata:
  name: gpu
  labels: {kubernetes.io/hostname: gpu, zone: b}
spec:
  taints: [{key: gpu, value: "true", effect: NoSchedule}]
status:
  allocatable: {cpu: "8", memory: 16Gi, pods: "110"}
  capacity: {cpu: "8", memory: 16Gi, pods: "110"}
  conditions: [{type: Ready, status: "True"}]
  images:
  - names: [docker.io/library/pytorch:2.5, pytorch:2.5]
    sizeBytes: 4000000000
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: spread-me
spec:
  containers:
  - name: c
    image: nginx:1.27
    resources:
      requests: {cpu: 500m, memory: 512Mi}
---
apiVersion: v1
kind: Pod
metadata:
  name: zone-a-only
spec:
  affinity:
    nodeAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
        nodeSelectorTerms:
        - matchExpressions:
          - {key: zone, operator: In, values: [a]}
  containers:
  - name: c
    image: nginx:1.27
---
apiVersion: v1
kind: Pod
metadata:
  name: trainer
spec:
  tolerations: [{key: gpu, operator: Equal, value: "true", effect: NoSchedule}]
  affinity:
    nodeAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 50
        preference:
          matchExpressions:
          - {key: zone, operator: In, values: [b]}
  containers:
  - name: c
    image: pytorch:2.5
    resources:
      requests: {cpu: "1", memory: 1Gi}
---
apiVersion: v1
kind: Pod
metadata:
  name: with-sidecar
spec:
  initContainers:
  - name: migrate
    image: busybox:1.36
    resources:
      requests: {cpu: "6"}
  - name: proxy
    image: envoy:1.32
    restartPolicy: Always
    resources:
      requests: {cpu: "1"}
  - name: warmup
    image: busybox:1.36
    resources:
      requests: {cpu: "6"}
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests: {cpu: 500m}
EOF
sleep 1
kubectl get pods -o wide
kubectl describe pod with-sidecar
