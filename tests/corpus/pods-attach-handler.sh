# page: https://kubernetes.io/docs/tasks/configure-pod-container/attach-handler-lifecycle-event/
kubectl apply -f https://k8s.io/examples/pods/lifecycle-events.yaml
sleep 20
# page: "Verify that the Container in the Pod is running"
kubectl get pod lifecycle-demo
# page: "In your shell, verify that the postStart handler created the message file":
# "Hello from the postStart handler"
kubectl exec lifecycle-demo -- cat /usr/share/message
# the preStop handler quits nginx gracefully: the pod goes away well before the 30 s grace period
kubectl delete pod lifecycle-demo --wait=false
sleep 5
kubectl get pod lifecycle-demo
