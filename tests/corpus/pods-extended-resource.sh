# page: https://kubernetes.io/docs/tasks/configure-pod-container/extended-resource/
# Before you begin: "do the exercise in Advertise Extended Resources for a Node"
# (/docs/tasks/administer-cluster/extended-resource-node/): it PATCHes the node status through
# kubectl proxy with curl; the same JSON patch with kubectl on the status subresource, on worker-1.
# The index stores the two Pod manifests as JSON-like flow YAML (same fields as the page's).
kubectl patch node worker-1 --subresource=status --type=json -p '[{"op": "add", "path": "/status/capacity/example.com~1dongle", "value": "4"}]'
sleep 15
# that page: "The output shows that the new Node has a capacity of 4 dongles" (the kubelet's next
# status update copies the capacity into Allocatable, which the scheduler counts)
kubectl describe node worker-1 | sed -n '/^Capacity:/,/^System Info:/p' | grep dongle
# Assign an extended resource to a Pod: "the Container requests 3 dongles"
kubectl apply -f https://k8s.io/examples/pods/resource/extended-resource-pod.yaml
sleep 20
# page: "Verify that the Pod is running"
kubectl get pod extended-resource-demo
kubectl get pod extended-resource-demo -o jsonpath='{.spec.nodeName}{"\n"}'
# page: "The output shows dongle requests": Limits example.com/dongle: 3, Requests example.com/dongle: 3
kubectl describe pod extended-resource-demo | grep -A1 -E '^    (Limits|Requests):'
# Attempt to create a second Pod: "Kubernetes will not be able to satisfy the request for two
# dongles, because the first Pod used three of the four available dongles"
kubectl apply -f https://k8s.io/examples/pods/resource/extended-resource-pod-2.yaml
sleep 10
# page: PodScheduled False; Warning FailedScheduling ... Insufficient example.com/dongle (the
# page's event text is from an old scheduler; 1.36 writes "0/3 nodes are available: ...").
# Preemption: worker-1 could fit 2 dongles (4 allocatable) but its only user has the same
# priority (no victims); worker-2 has none allocatable (unresolvable, as is the tainted control plane)
kubectl describe pod extended-resource-demo-2 | grep -E 'PodScheduled|FailedScheduling'
# page: extended-resource-demo-2 0/1 Pending
kubectl get pod extended-resource-demo-2
kubectl delete pod extended-resource-demo
kubectl delete pod extended-resource-demo-2
