kubectl apply -f hog.yaml
kubectl apply -f idle.yaml
sleep 10
kubectl get pods -o wide
kubectl get pod hog -o custom-columns=NAME:.metadata.name,QOS:.status.qosClass,REASON:.status.containerStatuses[0].lastState.terminated.reason,EXIT:.status.containerStatuses[0].lastState.terminated.exitCode
podlife node worker-1 -- crictl ps -a
IDLE=$(podlife node worker-1 -- crictl ps --name idle -q)
podlife node worker-1 -- crictl inspect $IDLE | grep oomScoreAdj
KINDNET=$(podlife node worker-1 -- crictl ps --name kindnet -q)
podlife node worker-1 -- crictl inspect $KINDNET | grep oomScoreAdj
kubectl delete pod hog
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata:
  name: hog
spec:
  nodeSelector:
    kubernetes.io/hostname: worker-1
  containers:
  - name: hog
    image: polinux/stress
    command: ["stress"]
    args: ["--vm", "1", "--vm-bytes", "150M", "--vm-hang", "1"]
    resources:
      requests:
        memory: 50Mi
      limits:
        memory: 200Mi
EOF2
sleep 15
kubectl get pods -o wide
HOG=$(podlife node worker-1 -- crictl ps --name hog -q)
podlife node worker-1 -- crictl inspect $HOG | grep oomScoreAdj
