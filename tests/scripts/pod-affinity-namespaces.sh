# Which namespaces a pod (anti-)affinity term looks at: only the pod's own when `namespaces` and
# `namespaceSelector` are both unset; the listed ones plus those whose labels match the
# selector otherwise (an empty selector means every namespace). Existing pods' anti-affinity
# terms are read the same way, against the incoming pod's namespace labels.
podlife cluster empty
podlife node add a1 --cpu 4 --memory 8Gi --labels topology.kubernetes.io/zone=zone-a
podlife node add b1 --cpu 4 --memory 8Gi --labels topology.kubernetes.io/zone=zone-b
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata: {name: shop, labels: {team: retail}}
---
apiVersion: v1
kind: Namespace
metadata: {name: checkout, labels: {team: retail}}
---
apiVersion: v1
kind: Namespace
metadata: {name: lab}
EOF
kubectl get namespaces --show-labels
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: db, namespace: shop, labels: {app: db}}
spec:
  nodeSelector: {topology.kubernetes.io/zone: zone-b}
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: batch}}
        namespaceSelector: {}
        topologyKey: kubernetes.io/hostname
  containers: [{name: c, image: postgres:17}]
EOF
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: own-namespace, namespace: lab}
spec:
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: db}}
        topologyKey: topology.kubernetes.io/zone
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: by-team, namespace: checkout}
spec:
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: db}}
        namespaceSelector: {matchLabels: {team: retail}}
        topologyKey: topology.kubernetes.io/zone
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: by-name, namespace: lab}
spec:
  affinity:
    podAntiAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: db}}
        namespaces: [shop]
        topologyKey: topology.kubernetes.io/zone
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: by-metadata-name, namespace: default}
spec:
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {app: db}}
        namespaceSelector:
          matchExpressions: [{key: kubernetes.io/metadata.name, operator: In, values: [shop]}]
        topologyKey: kubernetes.io/hostname
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: batch, namespace: lab, labels: {app: batch}}
spec:
  nodeSelector: {topology.kubernetes.io/zone: zone-b}
  containers: [{name: c, image: busybox:1.36}]
EOF
sleep 1
kubectl get pods -A -o wide --sort-by=.metadata.name
kubectl get events -A --field-selector reason=FailedScheduling -o jsonpath='{range .items[*]}{.involvedObject.namespace}/{.involvedObject.name}: {.message}{"\n"}{end}'
