kubectl get nodes
kubectl apply -f log-agent.yaml
sleep 10
kubectl get ds
kubectl get pods -o wide
podlife node add worker-3
sleep 10
kubectl get pods -o wide
kubectl describe node control-plane | grep Taints
kubectl apply -f - <<EOF2
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: log-agent
spec:
  selector:
    matchLabels:
      app: log-agent
  template:
    metadata:
      labels:
        app: log-agent
    spec:
      tolerations:
      - key: node-role.kubernetes.io/control-plane
        operator: Exists
        effect: NoSchedule
      containers:
      - name: fluent-bit
        image: fluent/fluent-bit:3.2
EOF2
kubectl rollout status daemonset/log-agent
kubectl get ds
kubectl get pods -o wide
