# worker-1 has the SSD, and already runs a heavy pod.
kubectl label nodes worker-1 disk=ssd
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: heavy
spec:
  nodeSelector:
    kubernetes.io/hostname: worker-1
  containers:
  - name: job
    image: busybox:1.36
    command: ["sleep", "3600"]
    resources:
      requests:
        cpu: "1"
        memory: 1Gi
EOF
sleep 3
