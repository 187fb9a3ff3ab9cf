# The node comes back before the 300 s toleration runs out (upstream pkg/controller/
# nodelifecycle and pkg/controller/tainteviction). Its kubelet reports again: every condition
# goes back (NodeHasSufficientMemory, NodeHasNoDiskPressure, NodeHasSufficientPID and
# NodeReady events from the kubelet), the NoSchedule pass removes unreachable:NoSchedule at
# once, the next health pass sees Ready=True and removes unreachable:NoExecute
# (markNodeAsReachable), and the taint eviction controller cancels the scheduled deletions
# ("Cancelling deletion of Pod"). Nothing was evicted; the pods report Ready again.
kubectl create deployment web --image=nginx:1.27 --replicas=2
sleep 10
kubectl get pods -o wide
podlife node down worker-1
sleep 70
kubectl get nodes
kubectl get node worker-1 -o jsonpath='{range .spec.taints[*]}{.key}:{.effect}{"\n"}{end}'
podlife node up worker-1
sleep 1
kubectl get node worker-1 -o jsonpath='{range .spec.taints[*]}{.key}:{.effect}{"\n"}{end}'
sleep 5
kubectl get node worker-1 -o jsonpath='{.spec.taints}{"\n"}'
sleep 10
kubectl get pods -o wide
kubectl get events --field-selector reason=TaintManagerEviction
kubectl get events --field-selector involvedObject.kind=Node,involvedObject.name=worker-1
