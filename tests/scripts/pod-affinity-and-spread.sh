# Required pod anti-affinity keeps replicas apart; a DoNotSchedule topology spread constraint
# caps the skew between zones (nodes the pod's nodeSelector excludes count as domains only
# with nodeAffinityPolicy: Ignore); required pod affinity follows another pod.
podlife cluster empty
podlife node add a1 --cpu 4 --memory 8Gi --labels topology.kubernetes.io/zone=zone-a
podlife node add b1 --cpu 4 --memory 8Gi --labels topology.kubernetes.io/zone=zone-b
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: web-1, labels: {app: web}}
spec:
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: web}}
        topologyKey: kubernetes.io/hostname
  containers: [{name: c, image: nginx:1.27}]
EOF
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: web-2, labels: {app: web}}
spec:
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: web}}
        topologyKey: kubernetes.io/hostname
  containers: [{name: c, image: nginx:1.27}]
EOF
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: web-3, labels: {app: web}}
spec:
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: web}}
        topologyKey: kubernetes.io/hostname
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: cache, labels: {app: cache}}
spec:
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: api}}
        topologyKey: topology.kubernetes.io/zone
  containers: [{name: c, image: redis:7}]
EOF
sleep 1
kubectl get pods -o wide
kubectl get events --field-selector reason=FailedScheduling -o jsonpath='{range .items[*]}{.involvedObject.name}: {.message}{"\n"}{end}'
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: api, labels: {app: api}}
spec:
  nodeSelector: {topology.kubernetes.io/zone: zone-b}
  containers: [{name: c, image: nginx:1.27}]
EOF
sleep 2
kubectl get pods -o wide
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: batch-1, labels: {app: batch}}
spec:
  topologySpreadConstraints:
  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: batch}}}
  nodeSelector: {kubernetes.io/hostname: a1}
  containers: [{name: c, image: busybox:1.36}]
EOF
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: batch-2, labels: {app: batch}}
spec:
  topologySpreadConstraints:
  - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: batch}}, nodeAffinityPolicy: Ignore}
  nodeSelector: {kubernetes.io/hostname: a1}
  containers: [{name: c, image: busybox:1.36}]
EOF
sleep 1
kubectl get pod batch-2 -o wide
kubectl get events --field-selector involvedObject.name=batch-2 -o jsonpath='{.items[0].message}{"\n"}'
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: near-api, labels: {app: near}}
spec:
  affinity:
    podAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 80
        podAffinityTerm:
          labelSelector: {matchLabels: {app: api}}
          topologyKey: topology.kubernetes.io/zone
  containers: [{name: c, image: nginx:1.27}]
EOF
sleep 1
kubectl get pod near-api -o wide
