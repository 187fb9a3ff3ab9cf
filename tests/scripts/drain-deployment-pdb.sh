# Draining a node that runs two of a Deployment's three pods, under a PodDisruptionBudget:
# minAvailable 3 blocks every eviction until the drain times out; at minAvailable 2 the drain
# evicts one pod, waits until its replacement is ready elsewhere, then evicts the next. Deleting
# the Deployment then takes its ReplicaSet and pods with it (the garbage collector).
kubectl create deployment web --image=nginx:1.27 --replicas=3
kubectl rollout status deployment/web --watch=false
sleep 20
kubectl apply -f - <<'EOF2'
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: web
spec:
  minAvailable: 3
  selector:
    matchLabels:
      app: web
EOF2
sleep 2
kubectl get pdb
kubectl get pods -o wide
kubectl drain worker-1 --ignore-daemonsets --timeout=20s
kubectl apply -f - <<'EOF2'
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
kubectl drain worker-1 --ignore-daemonsets --timeout=60s
kubectl get pods -o wide
kubectl uncordon worker-1
kubectl delete deployment web
sleep 5
kubectl get deploy,rs,pods
