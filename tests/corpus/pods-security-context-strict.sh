# page: https://kubernetes.io/docs/tasks/configure-pod-container/security-context/
# section "Configure fine-grained SupplementalGroups control for a Pod" (SupplementalGroupsPolicy,
# GA; the nodes run containerd 2.x, which supports it)
# supplementalGroupsPolicy: Strict
kubectl apply -f https://k8s.io/examples/pods/security/security-context-6.yaml
sleep 20
kubectl get pod security-context-demo
# page: "uid=1000 gid=3000 groups=3000,4000"
kubectl exec security-context-demo -- sh -c 'id -u; id -g; id -G'
# page: status.containerStatuses[].user.linux: gid 3000, supplementalGroups [3000, 4000], uid 1000
kubectl get pod security-context-demo -o jsonpath='{.status.containerStatuses[0].user.linux}{"\n"}'
# page (Implementations): the node status reports features.supplementalGroupsPolicy: true
kubectl get node worker-1 -o jsonpath='{.status.features}{"\n"}'
