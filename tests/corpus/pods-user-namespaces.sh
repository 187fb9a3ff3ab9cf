# page: https://kubernetes.io/docs/tasks/configure-pod-container/user-namespaces/
# (UserNamespacesSupport is beta and on in 1.36; kind's containerd 2.x supports user namespaces)
kubectl apply -f https://k8s.io/examples/pods/user-namespaces-stateless.yaml
sleep 15
# the page opens a shell (`kubectl exec -ti userns -- bash`) and runs these two commands: the
# user namespace differs from the host's, and uid_map maps 0 to a range of 65536 IDs that the
# kubelet picked ("0 833617920 65536" on the page's node)
kubectl exec userns -- readlink /proc/self/ns/user
kubectl exec userns -- cat /proc/self/uid_map
# "When user namespaces are not enabled, the host and the pod use the same user namespace": a
# pod without hostUsers: false shows the node's initial namespace and identity map
kubectl run plain --image=debian -- sleep infinity
sleep 10
kubectl exec plain -- readlink /proc/self/ns/user
kubectl exec plain -- cat /proc/self/uid_map
