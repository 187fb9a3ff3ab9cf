# A higher-priority pod that does not fit preempts a lower-priority one: the victim gets
# DisruptionTarget and a graceful delete, the preemptor is nominated to the node, and it is
# scheduled there once the victim is gone. Both nodes offer one victim of priority 0; the
# tie goes to the node whose victim started last (pickOneNodeForPreemption), so fill-2,
# created a second later. `sleep` as PID 1 ignores SIGTERM, so the victim would use its 30 s
# grace period: the script force-deletes it.
kubectl apply -f - <<EOF
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high
value: 1000
description: "for pods that must run"
---
apiVersion: v1
kind: Pod
metadata:
  name: fill-1
spec:
  nodeSelector: {kubernetes.io/hostname: worker-1}
  containers:
  - name: c
    image: busybox:1.36
    command: [sleep, "3600"]
    resources:
      requests: {cpu: 1500m}
EOF
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: fill-2
spec:
  nodeSelector: {kubernetes.io/hostname: worker-2}
  containers:
  - name: c
    image: busybox:1.36
    command: [sleep, "3600"]
    resources:
      requests: {cpu: 1500m}
EOF
sleep 2
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: vip
spec:
  priorityClassName: high
  containers:
  - name: c
    image: nginx:1.27
    resources:
      requests: {cpu: "1"}
EOF
sleep 1
kubectl get pods -o wide
kubectl get events --sort-by=.metadata.creationTimestamp
kubectl get pod fill-2 -o jsonpath='{.status.conditions[?(@.type=="DisruptionTarget")].message}{"\n"}'
kubectl delete pod fill-2 --force --grace-period=0
sleep 2
kubectl get pods -o wide
