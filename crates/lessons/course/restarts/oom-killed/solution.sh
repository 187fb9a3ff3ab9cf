kubectl apply -f memory-hog.yaml
sleep 10
kubectl get pod memory-hog
kubectl describe pod memory-hog
kubectl delete pod memory-hog
kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: memory-hog
spec:
  containers:
  - name: stress
    image: polinux/stress
    imagePullPolicy: IfNotPresent
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "250M", "--vm-hang", "1"]
    resources:
      requests:
        memory: 50Mi
      limits:
        memory: 300Mi
EOF
sleep 20
kubectl get pod memory-hog
