kubectl get pods -o wide
kubectl get pdb web
kubectl drain worker-1 --ignore-daemonsets --timeout=20s
kubectl apply -f - <<EOF2
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 2
  selector:
    matchLabels:
      app: web
EOF2
sleep 2
kubectl get pdb web
kubectl drain worker-1 --ignore-daemonsets --timeout=60s
kubectl get pods -o wide
