# A preStop hook longer than the grace period (an exec hook: a `sleep` action that long is
# refused by validation): the kubelet stops waiting for it after 30 s,
# sends SIGTERM, and SIGKILLs 2 s later (the minimum shutdown window), about 32 s in all.
# Then a force delete: kubectl warns, the object goes at once, and the kubelet still gives
# the container its 2 s.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: slow-stop
spec:
  terminationGracePeriodSeconds: 30
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "trap '' TERM; while true; do sleep 1; done"]
    lifecycle:
      preStop:
        exec:
          command: ["sleep", "40"]
---
apiVersion: v1
kind: Pod
metadata:
  name: forced
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF
sleep 5
kubectl delete pod slow-stop
kubectl delete pod forced --force --grace-period=0
kubectl get pods
podlife node worker-1 -- crictl ps -a
podlife node worker-2 -- crictl ps -a
sleep 3
podlife node worker-1 -- crictl ps -a
podlife node worker-2 -- crictl ps -a
