# page: https://kubernetes.io/docs/tasks/configure-pod-container/security-context/
# (the index's security-context.yaml is an older version: node-hello, runAsUser 1000, fsGroup 2000,
# no runAsGroup; the page's ps/ls/id checks are reduced here to the numbers they show)
kubectl apply -f https://k8s.io/examples/pods/security/security-context.yaml
sleep 40
kubectl get pod security-context-demo
# page: the processes run as user 1000
kubectl exec security-context-demo -- id -u
# page: "ls -l" in /data: the demo directory's group is 2000 (fsGroup)
kubectl exec security-context-demo -- sh -c "ls -lnd /data/demo | awk '{print \$4}'"
# page: "echo hello > testfile; ls -l": the new file's owner 1000, group 2000
kubectl exec security-context-demo -- sh -c "cd /data/demo && echo hello > testfile && ls -ln testfile | awk '{print \$3, \$4}'"
# page: "id" lists 2000 among the groups (fsGroup is a supplementary group)
kubectl exec security-context-demo -- sh -c 'id -G | tr " " "\n" | grep -x 2000'
# Set the security context for a Container: "the processes are running as user 2000" — the
# container's runAsUser overrides the Pod's 1000
kubectl apply -f https://k8s.io/examples/pods/security/security-context-2.yaml
sleep 10
kubectl exec security-context-demo-2 -- id -u
