# A DaemonSet runs one pod on every node it may run on (pkg/controller/daemon,
# NodeShouldRunDaemonPod). The control-plane node's node-role.kubernetes.io/control-plane:NoSchedule
# taint keeps `agent` off it: 2 pods. `agent-all` tolerates the taint: 3 pods. Each pod is
# created for one node (required node affinity `matchFields metadata.name In [node]`, which the
# scheduler turns into a one-node cycle) and carries the tolerations every daemon pod gets.
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: nginx:1.27}]
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent-all}
spec:
  selector: {matchLabels: {app: agent-all}}
  template:
    metadata: {labels: {app: agent-all}}
    spec:
      tolerations:
      - {key: node-role.kubernetes.io/control-plane, operator: Exists, effect: NoSchedule}
      containers: [{name: agent, image: nginx:1.27}]
YAML
kubectl get ds
sleep 10
kubectl get ds -o wide
kubectl get pods -o wide
kubectl get controllerrevisions
kubectl get pod -l app=agent-all --field-selector spec.nodeName=control-plane -o jsonpath='{.items[0].spec.affinity}{"\n"}{.items[0].spec.tolerations}{"\n"}{.items[0].metadata.labels}{"\n"}'
kubectl get ds agent -o yaml
# A new node (its kubelet registers it; it is Ready once it has its podCIDR) gets a pod of each; a node that is cordoned keeps them (daemon pods tolerate
# node.kubernetes.io/unschedulable); a NoExecute taint they do not tolerate deletes them.
podlife node add worker-3 --cpu 4 --memory 8Gi
sleep 10
kubectl get ds
kubectl get pods -o wide --field-selector spec.nodeName=worker-3
kubectl cordon worker-1
kubectl taint node worker-2 maintenance=true:NoExecute
sleep 5
kubectl get ds
kubectl get pods -o wide
kubectl get events --field-selector involvedObject.kind=DaemonSet
