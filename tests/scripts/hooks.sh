# postStart runs while the container is already started but not yet reported Running;
# preStop runs before the stop signal (nginx -s quit), and a failing postStart kills the
# container.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: lifecycle-demo
spec:
  containers:
  - name: lifecycle-demo-container
    image: nginx:1.27
    lifecycle:
      postStart:
        exec:
          command: ["/bin/sh", "-c", "echo Hello from the postStart handler > /usr/share/message; sleep 5"]
      preStop:
        exec:
          command: ["/usr/sbin/nginx", "-s", "quit"]
---
apiVersion: v1
kind: Pod
metadata:
  name: bad-poststart
spec:
  containers:
  - name: app
    image: nginx:1.27
    lifecycle:
      postStart:
        exec:
          command: ["sh", "-c", "exit 3"]
EOF
sleep 6
kubectl get pods
sleep 4
kubectl get pods
kubectl exec lifecycle-demo -- cat /usr/share/message
kubectl describe pod bad-poststart
kubectl delete pod lifecycle-demo
kubectl get events --field-selector involvedObject.name=lifecycle-demo
