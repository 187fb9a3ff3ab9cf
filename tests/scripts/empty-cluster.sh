# An empty cluster grows by machines joining it: `podlife node add` starts a kubelet,
# containerd and kube-proxy, and the kubelet registers its Node (kubelet_node_status.go
# registerWithAPIServer) with its --node-labels and --register-with-taints; a label in the
# kubernetes.io namespace it may not set stops the kubelet (ValidateKubeletFlags). A Node
# object applied with kubectl has no kubelet behind it: no conditions, so kubectl shows
# Unknown; the NoSchedule pass removes the not-ready taint TaintNodesByCondition put on it (no
# condition asks for one), and after --node-startup-grace-period (60 s) the node lifecycle
# controller sets its conditions Unknown ("Kubelet never posted node status.") and taints it
# unreachable.
podlife cluster empty
kubectl get nodes
podlife node add gpu-1 --cpu 8 --memory 32Gi --labels accelerator=nvidia --taints gpu=true:NoSchedule
podlife node add worker-9 --labels node-role.kubernetes.io/worker=
kubectl apply -f - <<EOF
apiVersion: v1
kind: Node
metadata:
  name: paper
  labels:
    kubernetes.io/hostname: paper
EOF
kubectl get nodes
sleep 1
kubectl get nodes --show-labels
kubectl get node gpu-1 -o jsonpath='{.spec.taints}{"\n"}{.status.capacity}{"\n"}'
kubectl get node paper -o jsonpath='{.spec.taints}{"\n"}{.status}{"\n"}'
podlife stop kubelet --node gpu-1
podlife start kubelet --node gpu-1
podlife stop kubelet --node paper
podlife stop kubelet --node nope
podlife node add gpu-1
podlife node add Bad_Name
podlife node add w --cpu lots
sleep 65
kubectl get nodes
kubectl get node paper -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}: {.message}{"\n"}{end}{.spec.taints}{"\n"}'
kubectl get events --field-selector involvedObject.name=paper
