# An unschedulable pod is retried when the 5-minute flush returns it to the queue. The
# scheduler's event broadcaster counts isomorphic events — same reason, action, message and
# `regarding` reference, which includes the pod's resourceVersion: the first attempt's event
# names the pod before the scheduler wrote its PodScheduled=False condition, so the second
# attempt starts a new event, and from the third on that event is a series (x2, x3, …). The
# counts are written at the second occurrence, every 30 minutes, and when a series ends.
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
sleep 600
kubectl describe pod too-big
sleep 1200
kubectl get events -o wide
