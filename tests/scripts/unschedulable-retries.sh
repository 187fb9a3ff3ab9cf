# An unschedulable pod is retried when the 5-minute flush returns it to the queue; the
# repeated FailedScheduling event becomes a series (x2).
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: too-big}
spec:
  containers:
  - name: c
    image: nginx:1.27
    resources:
      requests: {cpu: "3"}
EOF
sleep 10
kubectl get events
sleep 330
kubectl describe pod too-big
kubectl get events
