# page: https://kubernetes.io/docs/tasks/configure-pod-container/security-context/
# Set capabilities for a Container: "cat status": CapPrm/CapEff 00000000a80425fb without, and
# 00000000aa0435fb with NET_ADMIN (bit 12) and SYS_TIME (bit 25)
kubectl apply -f https://k8s.io/examples/pods/security/security-context-3.yaml
kubectl apply -f https://k8s.io/examples/pods/security/security-context-4.yaml
sleep 10
kubectl exec security-context-demo-3 -- grep Cap /proc/1/status
kubectl exec security-context-demo-4 -- grep Cap /proc/1/status
