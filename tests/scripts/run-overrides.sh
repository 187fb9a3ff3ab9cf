# kubectl run --overrides: a JSON merge patch over the pod the generator made (cmdutil.Merge),
# so a list such as containers is replaced whole; text that is not JSON is refused before
# anything is sent.
kubectl run nodesel --image=nginx --overrides='{"spec":{"nodeSelector":{"kubernetes.io/hostname":"worker-2"}}}' --dry-run=client -o yaml
kubectl run term2 --image=busybox:1.36 --restart=Never --overrides='{"spec":{"containers":[{"name":"term2","image":"busybox:1.36","command":["sh","-c","echo from logs; exit 2"],"terminationMessagePolicy":"FallbackToLogsOnError"}]}}'
kubectl run bad --image=busybox:1.36 --overrides='{"spec":'
sleep 4
kubectl get pod term2 -o jsonpath='{.spec.containers[0].command} {.status.containerStatuses[0].state.terminated.message}'
