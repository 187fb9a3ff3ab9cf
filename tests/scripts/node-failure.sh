# A node stops talking to the control plane (`podlife node down`: its kubelet reaches nothing;
# its containers keep running). Upstream pkg/controller/nodelifecycle and
# pkg/controller/tainteviction, with 1.36's defaults:
# - The node controller checks every 5 s (--node-monitor-period) when it last saw the node's
#   Lease move; 50 s without (--node-monitor-grace-period), at its next pass it sets Ready,
#   MemoryPressure, DiskPressure and PIDPressure to Unknown ("Kubelet stopped posting node
#   status."): the node shows NotReady, a NodeNotReady event, and every pod on it gets
#   Ready=False with a Warning NodeNotReady ("Node is not ready"). The containers' READY stays
#   1/1: only the kubelet writes containerStatuses.
# - The NoSchedule pass mirrors Ready=Unknown as node.kubernetes.io/unreachable:NoSchedule at
#   once; one pass later (5 s) the node is queued for the NoExecute taint, added within 100 ms
#   (--node-eviction-rate 0.1/s, burst 1). Both taints carry timeAdded.
# - Every pod tolerates unreachable:NoExecute for 300 s (DefaultTolerationSeconds), counted from
#   when the taint eviction controller saw the taint: then a TaintManagerEviction event, the
#   DisruptionTarget condition, a graceful DELETE. The bare pod is gone for good; the
#   ReplicaSet sees its pod terminating and creates one on worker-2; the DaemonSet's pod
#   tolerates the taint forever and stays. kubectl shows the deleted pods Terminating (their
#   kubelet cannot confirm) until the node is back and its kubelet stops them.
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata: {name: bare}
spec:
  nodeSelector: {kubernetes.io/hostname: worker-1}
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: apps/v1
kind: Deployment
metadata: {name: managed}
spec:
  replicas: 1
  selector: {matchLabels: {app: managed}}
  template:
    metadata: {labels: {app: managed}}
    spec:
      affinity:
        nodeAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 100
            preference: {matchExpressions: [{key: kubernetes.io/hostname, operator: In, values: [worker-1]}]}
      containers: [{name: c, image: nginx:1.27}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: c, image: busybox:1.36, command: [sleep, "3600"]}]
YAML
sleep 10
kubectl get pods -o wide
podlife node down worker-1
sleep 52
kubectl get nodes
sleep 2
kubectl get nodes
kubectl get node worker-1 -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason} {.lastTransitionTime}{"\n"}{end}'
kubectl get pods -o wide
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name} Ready={.status.conditions[?(@.type=="Ready")].status}{"\n"}{end}'
kubectl get node worker-1 -o jsonpath='{range .spec.taints[*]}{.key}:{.effect} {.timeAdded}{"\n"}{end}'
sleep 5
kubectl get node worker-1 -o jsonpath='{range .spec.taints[*]}{.key}:{.effect} {.timeAdded}{"\n"}{end}'
sleep 298
kubectl get pods -o wide
sleep 2
kubectl get pods -o wide
kubectl get events --field-selector reason=TaintManagerEviction
kubectl describe pod bare
podlife node up worker-1
sleep 10
kubectl get nodes
kubectl get pods -o wide
kubectl describe node worker-1
