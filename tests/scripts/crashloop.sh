# A container that exits 1 after two seconds, watched for ten minutes: the first restart is
# immediate, then the back-off doubles from 10 s to the 5-minute cap (kubelet's
# crashLoopBackOff: 10 s initial, 300 s max, reset after 10 minutes of quiet), and the
# STATUS column shows Error, CrashLoopBackOff or Running depending on the moment.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: crasher
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    env:
    - name: EXIT_AFTER_SECONDS
      value: "2"
    - name: EXIT_CODE
      value: "1"
EOF
sleep 5
kubectl get pods
sleep 25
kubectl get pods
sleep 60
kubectl get pods
sleep 120
kubectl get pods
sleep 390
kubectl get pods
kubectl describe pod crasher
kubectl logs crasher --previous
