# Two priority classes, and two pods that fill the workers' CPU: batch (no class, priority 0)
# on worker-1, then important (class medium) on worker-2.
kubectl apply -f - <<EOF
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high
value: 1000
description: "customer-facing pods"
---
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: medium
value: 500
description: "internal services"
---
apiVersion: v1
kind: Pod
metadata:
  name: batch
spec:
  nodeSelector:
    kubernetes.io/hostname: worker-1
  containers:
  - name: job
    image: busybox:1.36
    command: ["sleep", "3600"]
    resources:
      requests:
        cpu: 1500m
EOF
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: important
spec:
  priorityClassName: medium
  nodeSelector:
    kubernetes.io/hostname: worker-2
  containers:
  - name: api
    image: busybox:1.36
    command: ["sleep", "3600"]
    resources:
      requests:
        cpu: 1500m
EOF
sleep 3
