# A native sidecar (an init container with restartPolicy: Always) starts before the main
# container and is stopped after it: with restartPolicy Never the pod completes. The same
# log shipper as a classic second container keeps the pod running forever (NotReady).
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: native-sidecar
spec:
  restartPolicy: Never
  initContainers:
  - name: logshipper
    image: busybox:1.36
    restartPolicy: Always
    command: ["sh", "-c", "trap 'echo flushed; exit 0' TERM; echo shipping; while true; do sleep 1; done"]
  containers:
  - name: job
    image: busybox:1.36
    command: ["sh", "-c", "echo working; sleep 5; echo done"]
---
apiVersion: v1
kind: Pod
metadata:
  name: classic-sidecar
spec:
  restartPolicy: Never
  containers:
  - name: logshipper
    image: busybox:1.36
    command: ["sh", "-c", "echo shipping; while true; do sleep 1; done"]
  - name: job
    image: busybox:1.36
    command: ["sh", "-c", "echo working; sleep 5; echo done"]
EOF
sleep 3
kubectl get pods
sleep 10
kubectl get pods
kubectl logs native-sidecar -c logshipper
kubectl describe pod native-sidecar
sleep 60
kubectl get pods
