# page: https://kubernetes.io/docs/tasks/configure-pod-container/assign-pods-nodes/
# page: "List the nodes in your cluster, along with their labels"
kubectl get nodes --show-labels
# page: "Choose one of your nodes, and add a label to it"
kubectl label nodes worker-2 disktype=ssd
# page: "Verify that your chosen node has a disktype=ssd label"
kubectl get nodes --show-labels
kubectl apply -f https://k8s.io/examples/pods/pod-nginx.yaml
sleep 20
# page: "Verify that the pod is running on your chosen node": nginx 1/1 Running on worker-2
kubectl get pods --output=wide
kubectl delete pod nginx
# page: "You can also schedule a pod to one specific node via setting nodeName" ... "a pod that
# will get scheduled on foo-node only". The cluster has no foo-node: the pod is bound to it
# without the scheduler and stays Pending (no kubelet runs it), as on a real cluster.
kubectl apply -f https://k8s.io/examples/pods/pod-nginx-specific-node.yaml
sleep 20
kubectl get pods --output=wide
# upstream: the pod garbage collector deletes a pod bound to a node that does not exist
# (gcOrphaned, after the 40 s quarantine)
sleep 60
kubectl get pods --output=wide
