# The garbage collector (kube-controller-manager's generic-garbage-collector) follows
# ownerReferences. A Service owns the EndpointSlices its controller writes
# (controller: true, blockOwnerDeletion: true), so deleting it in each propagation mode shows
# the three cascades. Upstream: pkg/controller/garbagecollector, the generic registry's Delete.
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata: {name: web, labels: {app: web}}
spec:
  containers: [{name: nginx, image: nginx:1.27}]
---
apiVersion: v1
kind: Service
metadata: {name: bg}
spec: {selector: {app: web}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: fg}
spec: {selector: {app: web}, ports: [{port: 80}]}
---
apiVersion: v1
kind: Service
metadata: {name: keep}
spec: {selector: {app: web}, ports: [{port: 80}]}
YAML
sleep 5
kubectl get endpointslices
# Background (kubectl's default): the Service goes at once; the collector then deletes its
# slices (a live GET of each, its owner known absent, DELETE with propagationPolicy Background).
kubectl delete svc bg
kubectl get endpointslices
# Orphan: the orphan finalizer; the collector removes the Service from its slices'
# ownerReferences, then the finalizer, and the Service goes. The slice stays, unowned.
kubectl delete svc keep --cascade=orphan
kubectl get endpointslices -l kubernetes.io/service-name=keep -o yaml
# Foreground: the Service stays, Terminating, with the foregroundDeletion finalizer until its
# blocking dependents are gone. With kube-controller-manager stopped it stays that way.
podlife stop kube-controller-manager
kubectl delete svc fg --cascade=foreground --wait=false
kubectl get svc fg -o yaml
podlife start kube-controller-manager
sleep 1
kubectl get svc
kubectl get endpointslices
# An owner that never existed (no object with that uid): its dependents are collected; the
# pod goes through graceful deletion like any other.
kubectl apply -f - <<YAML
apiVersion: v1
kind: ConfigMap
metadata:
  name: orphaned-config
  ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: gone, uid: 00000000-0000-0000-0000-000000000001}]
data: {a: "1"}
---
apiVersion: v1
kind: Pod
metadata:
  name: orphaned-pod
  ownerReferences: [{apiVersion: v1, kind: ConfigMap, name: gone, uid: 00000000-0000-0000-0000-000000000001}]
spec:
  containers: [{name: nginx, image: nginx:1.27}]
YAML
sleep 2
kubectl get cm,pods
# Legacy boolean values still work, with kubectl's warning; anything else is refused.
kubectl create configmap legacy --from-literal=a=1
kubectl delete cm legacy --cascade=false
kubectl delete cm web --cascade=sometimes
