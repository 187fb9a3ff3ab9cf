# An empty cluster grows by applying Node objects; each brings its kubelet, containerd
# and kube-proxy (they register the node in a real cluster).
podlife cluster empty
kubectl get nodes
kubectl apply -f - <<EOF
apiVersion: v1
kind: Node
metadata:
  name: gpu-1
  labels:
    accelerator: nvidia
spec:
  taints:
  - key: gpu
    value: "true"
    effect: NoSchedule
status:
  allocatable: {cpu: "8", memory: 32Gi, pods: "110"}
  capacity: {cpu: "8", memory: 32Gi, pods: "110"}
  conditions:
  - type: Ready
    status: "True"
    reason: KubeletReady
    message: kubelet is posting ready status
EOF
kubectl get nodes --show-labels
podlife stop kubelet --node gpu-1
podlife start kubelet --node gpu-1
podlife stop kubelet --node nope
