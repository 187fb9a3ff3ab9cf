# A Node object is deleted while a pod is bound to it. Nothing happens to the pod at once:
# the pod garbage collector (every 20 s) first sees a pod on a node its cache does not know,
# quarantines the node name for 40 s, then GETs the node; it is really gone, so the pod is
# marked Failed with DisruptionTarget (DeletionByPodGC) and force-deleted (grace 0).
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  nodeName: worker-1
  containers:
  - name: nginx
    image: nginx:1.27
EOF
sleep 10
kubectl get pods -o wide
kubectl delete node worker-1
kubectl get nodes
sleep 30
kubectl get pods -o wide
sleep 25
kubectl get pods -o wide
kubectl get events --field-selector involvedObject.name=web
