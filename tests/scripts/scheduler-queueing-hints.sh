# What a cluster event does to a pending pod (QueueingHints, on by default): the event is put
# to the plugins that rejected the pod, and only a plugin that says it may help moves the pod
# back to the queue. A label on a pod NodeResourcesFit rejected changes nothing, so no attempt
# is made and no event is added; a toleration the pod gains lets TaintToleration queue it at
# once; a running pod relabelled to match a pending pod's required affinity lets
# InterPodAffinity queue that one, long before the 5-minute flush; a pending pod relabelled out
# of its own spread constraint's selector is queued by PodTopologySpread. A node that joins is
# asked the same way: NodeResourcesFit does not queue the pod for a node too small for it, but
# TaintToleration, which rejected it on the tainted node, does once the new node's not-ready
# taint comes off (one more attempt, as kube-scheduler makes it); a node big enough takes it.
podlife cluster empty
podlife node add a1 --cpu 2 --memory 4Gi --labels topology.kubernetes.io/zone=zone-a
podlife node add b1 --cpu 2 --memory 4Gi --labels topology.kubernetes.io/zone=zone-b --taints dedicated=db:NoSchedule
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: too-big}
spec:
  containers:
  - name: c
    image: nginx:1.27
    resources:
      requests: {cpu: "3"}
---
apiVersion: v1
kind: Pod
metadata: {name: db, labels: {app: db}}
spec:
  nodeSelector: {topology.kubernetes.io/zone: zone-b}
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: cache}
spec:
  affinity:
    podAffinity:
      requiredDuringSchedulingIgnoredDuringExecution:
      - labelSelector: {matchLabels: {role: primary}}
        topologyKey: kubernetes.io/hostname
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: web, labels: {app: web}}
spec:
  containers: [{name: c, image: nginx:1.27}]
EOF
sleep 5
kubectl get pods -o wide
kubectl get events --field-selector reason=FailedScheduling
kubectl label pod too-big tier=batch
sleep 15
kubectl get events --field-selector involvedObject.name=too-big
kubectl patch pod db --type=json -p '[{"op": "add", "path": "/spec/tolerations/-", "value": {"key": "dedicated", "operator": "Equal", "value": "db", "effect": "NoSchedule"}}]'
sleep 5
kubectl get pod db -o wide
kubectl label pod web role=primary
sleep 5
kubectl get pod cache -o wide
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: spread, labels: {app: web}}
spec:
  nodeSelector: {topology.kubernetes.io/zone: zone-a}
  topologySpreadConstraints:
  - maxSkew: 1
    topologyKey: topology.kubernetes.io/zone
    whenUnsatisfiable: DoNotSchedule
    labelSelector: {matchLabels: {app: web}}
    nodeAffinityPolicy: Ignore
  containers: [{name: c, image: nginx:1.27}]
EOF
sleep 5
kubectl get pod spread -o wide
kubectl get events --field-selector involvedObject.name=spread
kubectl label pod spread app=canary --overwrite
sleep 5
kubectl get pod spread -o wide
podlife node add small --cpu 1 --memory 2Gi
sleep 5
kubectl get events --field-selector involvedObject.name=too-big
podlife node add big --cpu 4 --memory 8Gi
sleep 5
kubectl get pod too-big -o wide
