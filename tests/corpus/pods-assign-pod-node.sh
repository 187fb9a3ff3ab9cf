# page: https://kubernetes.io/docs/concepts/scheduling-eviction/assign-pod-node/ (the node affinity
# and inter-pod affinity examples; -1/-2 and -anti-affinity are earlier names of the same samples)
# "the node must have a label with the key topology.kubernetes.io/zone and the value of that
# label must be either antarctica-east1 or antarctica-west1"
kubectl label nodes worker-1 topology.kubernetes.io/zone=antarctica-east1
kubectl label nodes worker-2 topology.kubernetes.io/zone=antarctica-west2
kubectl apply -f https://k8s.io/examples/pods/pod-with-node-affinity-1.yaml
sleep 5
kubectl get pod with-node-affinity-1 -o jsonpath='{.spec.nodeName}{"\n"}'
# Node affinity weight: label-1=key-1 on worker-1, label-2=key-2 on worker-2: "the scheduler ...
# schedules the Pod onto the node with the highest final score" (weight 50: worker-2)
kubectl label nodes worker-1 label-1=key-1
kubectl label nodes worker-2 label-2=key-2
kubectl apply -f https://k8s.io/examples/pods/pod-with-node-affinity-2.yaml
kubectl apply -f https://k8s.io/examples/pods/pod-with-affinity-anti-affinity.yaml
sleep 5
kubectl get pod with-node-affinity-2 with-affinity-anti-affinity -o jsonpath='{range .items[*]}{.metadata.name} {.spec.nodeName}{"\n"}{end}'
# Inter-pod affinity: "the Pod can be scheduled onto a node only if that node is in the same zone
# as one or more existing Pods with the label security=S1"; a security=S1 pod on worker-2's zone
kubectl run s1 --image=registry.k8s.io/pause:3.8 -l security=S1 --overrides='{"spec":{"nodeName":"worker-2"}}'
kubectl apply -f https://k8s.io/examples/pods/pod-with-pod-affinity.yaml
sleep 5
kubectl get pod with-pod-affinity -o jsonpath='{.spec.nodeName}{"\n"}'
