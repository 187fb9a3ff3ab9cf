# page: https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/ (node affinity;
# pod-with-node-affinity.yaml as the page shows it, assigning-pods-to-nodes-affinity.yaml its
# older one-zone form, same pod name): "the node must have a label with the key
# topology.kubernetes.io/zone and the value of that label must be either antarctica-east1 or
# antarctica-west1"; "the node preferably has a label with the key another-node-label-key and
# the value another-node-label-value"
# no node has the zone label yet: the required rule keeps the pod Pending
kubectl apply -f https://k8s.io/examples/pods/pod-with-node-affinity.yaml
sleep 5
kubectl get pod with-node-affinity
kubectl describe pod with-node-affinity | sed -n '/^Events:/,$p'
# labelling a node lets the scheduler place it there
kubectl label nodes worker-2 topology.kubernetes.io/zone=antarctica-west1
sleep 5
kubectl get pod with-node-affinity -o jsonpath='{.spec.nodeName}{"\n"}'
kubectl delete pod with-node-affinity
# the older form requires antarctica-east1 only: worker-1, once labelled so
kubectl label nodes worker-1 topology.kubernetes.io/zone=antarctica-east1 another-node-label-key=another-node-label-value
kubectl apply -f https://k8s.io/examples/pods/assigning-pods-to-nodes-affinity.yaml
sleep 5
kubectl get pod with-node-affinity -o wide
