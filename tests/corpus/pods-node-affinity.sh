# page: https://kubernetes.io/docs/tasks/configure-pod-container/assign-pods-nodes-using-node-affinity/
# page: "Choose one of your nodes, and add a label to it": kubectl label nodes <your-node-name>
# disktype=ssd; "Verify that your chosen node has a disktype=ssd label"
kubectl label nodes worker-1 disktype=ssd
kubectl get nodes --show-labels | grep -c disktype=ssd
# Schedule a Pod using required node affinity: "Verify that the pod is running on your chosen node"
kubectl apply -f https://k8s.io/examples/pods/pod-nginx-required-affinity.yaml
sleep 10
kubectl get pods --output=wide
kubectl delete pod nginx --now
# Schedule a Pod using preferred node affinity: same node
kubectl apply -f https://k8s.io/examples/pods/pod-nginx-preferred-affinity.yaml
sleep 10
kubectl get pods --output=wide
kubectl delete pod nginx --now

# page: https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/ (Node affinity
# weight): "If there are two possible nodes that match the requiredDuringScheduling… rule, one
# with the label-1:key-1 label and another with the label-2:key-2 label, the scheduler considers
# the weight of each node and adds the weight to the other scores for that node, and schedules
# the Pod onto the node with the highest final score" — the node with label-2=key-2 (weight 50)
kubectl label nodes worker-1 label-1=key-1
kubectl label nodes worker-2 label-2=key-2
kubectl apply -f https://k8s.io/examples/pods/pod-with-affinity-preferred-weight.yaml
sleep 10
kubectl get pod with-affinity-preferred-weight -o jsonpath='{.spec.nodeName}{"\n"}'

# page: https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/
# "kubectl taint nodes node1 key1=value1:NoSchedule": a pod with a matching toleration may land
# there, the others not. The example tolerates example-key (Exists, NoSchedule)
kubectl taint nodes worker-1 example-key=anything:NoSchedule
kubectl taint nodes worker-2 other-key=x:NoSchedule
kubectl apply -f https://k8s.io/examples/pods/pod-with-toleration.yaml
sleep 10
kubectl get pod nginx -o wide
kubectl run no-toleration --image=nginx
sleep 5
kubectl get pod no-toleration
kubectl get events --field-selector involvedObject.name=no-toleration,reason=FailedScheduling
