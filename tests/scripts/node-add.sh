# A machine joins (`podlife node add`). Its kubelet (pkg/kubelet/kubelet_node_status.go
# registerWithAPIServer, nodestatus/setters.go, nodelease) records "Starting kubelet.", POSTs
# its Node — hostname/os/arch labels and its --node-labels, capacity, node info, and conditions
# with events for each; Ready is False while the CRI reports the pod network not ready — and
# creates its Lease. TaintNodesByCondition admission adds node.kubernetes.io/not-ready:NoSchedule;
# the node IPAM controller gives it a podCIDR; the kubelet's fast status loop (100 ms) then
# reports Ready, the node controller's NoSchedule pass removes the taint, and the DaemonSet
# controller places a pod there. A Node applied with kubectl has no kubelet: Unknown, and the
# DaemonSet's pod for it stays Pending.
kubectl apply -f - <<'YAML'
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: fluent/fluent-bit:3.2}]
YAML
sleep 15
kubectl get ds
podlife node add worker-3 --cpu 4 --memory 8Gi --labels disk=ssd
kubectl get nodes
kubectl get node worker-3 -o jsonpath='{.spec.taints}{"\n"}{range .status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}'
sleep 1
kubectl get nodes -o wide
kubectl get node worker-3 -o jsonpath='{.spec}{"\n"}'
sleep 10
kubectl get pods -o wide
kubectl get ds
kubectl get lease -n kube-node-lease worker-3 -o jsonpath='{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name} {.spec.holderIdentity} {.spec.leaseDurationSeconds}{"\n"}'
kubectl describe node worker-3
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Node
metadata:
  name: worker-4
  labels: {kubernetes.io/hostname: worker-4}
YAML
sleep 10
kubectl get nodes
kubectl get pods -o wide
kubectl get ds
