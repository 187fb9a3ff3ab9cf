# page: https://kubernetes.io/docs/tasks/configure-pod-container/security-context/
# section "Implicit group memberships defined in /etc/group in the container image"; the Strict
# policy's section is pods-security-context-strict.sh.
# The index stores security-context-5.yaml as JSON-like flow YAML (same fields as the page's).
kubectl apply -f https://k8s.io/examples/pods/security/security-context-5.yaml
sleep 20
# page: "Verify that the Pod's Container is running"
kubectl get pod security-context-demo
# page: "uid=1000 gid=3000 groups=3000,4000,50000" (50000: the image's /etc/group makes
# user-defined-in-image, uid 1000, a member of group-defined-in-image); the page's "similar to"
# line may show names in parentheses depending on the image's id, so the numbers are read with
# id -u, id -g and id -G
kubectl exec security-context-demo -- sh -c 'id -u; id -g; id -G'
# page: "group-defined-in-image:x:50000:user-defined-in-image" among the lines of /etc/group
kubectl exec security-context-demo -- grep defined-in-image /etc/group
kubectl delete pod security-context-demo --now
