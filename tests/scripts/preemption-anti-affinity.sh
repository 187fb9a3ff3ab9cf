# Preemption's dry run takes a victim's labels away with it: the high-priority pod's required
# anti-affinity rejects the only node because a low-priority `app: batch` pod runs there, and
# removing that pod (upstream's PreFilter RemovePod) makes the node fit, so it is the victim.
podlife cluster empty
podlife node add solo --cpu 4 --memory 8Gi
sleep 1
kubectl apply -f - <<EOF
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata: {name: critical}
value: 1000
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: batch, labels: {app: batch}}
spec:
  containers: [{name: c, image: busybox:1.36, command: [sleep, "3600"]}]
---
apiVersion: v1
kind: Pod
metadata: {name: helper, labels: {app: helper}}
spec:
  containers: [{name: c, image: busybox:1.36, command: [sleep, "3600"]}]
EOF
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: loner}
spec:
  priorityClassName: critical
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: batch}}
        topologyKey: kubernetes.io/hostname
  containers: [{name: c, image: nginx:1.27}]
EOF
sleep 1
kubectl get pods -o wide
kubectl get events --sort-by=.metadata.creationTimestamp -o jsonpath='{range .items[*]}{.reason} {.involvedObject.name}: {.message}{"\n"}{end}'
