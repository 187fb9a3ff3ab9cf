# A new image for a running pod's container (the one container field, with the init
# containers' images, that a pod update may change): the update reaches the pod worker at once
# (kubelet.go HandlePodUpdates → podWorkers.UpdatePod), and computePodActions sees the
# container's hash — of its name and image, HashContainer — differ from the running one's
# (containerChanged): it kills it ("Container web definition changed, will be restarted")
# and starts the new one; RESTARTS counts it. The back-off key includes the hash, so the new
# image starts without the old one's back-off.
kubectl run web --image=nginx:1.27
sleep 10
kubectl get pods
kubectl set image pod/web web=nginx:1.28
sleep 30
kubectl get pods
kubectl describe pod web
# A label change syncs the pod too (an UPDATE), but changes nothing in it.
kubectl label pod web tier=frontend
sleep 2
kubectl get pods --show-labels
# A native sidecar's new image: "Init container log definition changed" (no "will be
# restarted" in its message, though it is restarted); its shell ignores SIGTERM as PID 1, so
# the kill takes the whole 30 s grace period; the app keeps running.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata: {name: with-sidecar}
spec:
  initContainers:
  - name: log
    image: busybox:1.36
    restartPolicy: Always
    command: ["sh", "-c", "sleep 3600"]
  containers:
  - name: app
    image: nginx:1.27
EOF2
sleep 15
kubectl set image pod/with-sidecar log=busybox:1.37
sleep 5
kubectl get pods with-sidecar
sleep 35
kubectl get pods
kubectl describe pod with-sidecar
# restartPolicy Never does not stop a changed container from starting again.
kubectl run once --image=nginx:1.27 --restart=Never
sleep 10
kubectl set image pod/once once=nginx:1.28
sleep 20
kubectl get pods
kubectl get events --field-selector involvedObject.name=once
