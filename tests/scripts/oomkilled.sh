# kubernetes.io "Assign Memory Resources": polinux/stress allocates 250M under a 100Mi limit;
# the cgroup's OOM killer ends it (exit 137, reason OOMKilled) and the kubelet restarts it
# with the crash-loop back-off.
kubectl create namespace mem-example
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: memory-demo-2
  namespace: mem-example
spec:
  containers:
  - name: memory-demo-2-ctr
    image: polinux/stress
    resources:
      requests:
        memory: "50Mi"
      limits:
        memory: "100Mi"
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "250M", "--vm-hang", "1"]
EOF
sleep 10
kubectl get pod memory-demo-2 -n mem-example
sleep 30
kubectl get pod memory-demo-2 -n mem-example
kubectl describe pod memory-demo-2 -n mem-example
