# A native sidecar whose startupProbe fails failureThreshold times in a row is killed ("Init
# container proxy failed startup probe") and started again like any container, through the
# crash-loop back-off; the app container waits until the sidecar has started. Here the proxy
# needs 8 s to listen but the probe gives it 3. The proxy exits 0 on SIGTERM, so while it
# backs off its status is Terminated (Completed), which kubectl's STATUS skips as a finished
# init container: the pod reads PodInitializing, not Init:CrashLoopBackOff.
# The back-off is checked against the pod status the sync started from, where the container
# it kills is still running (doBackOff, kuberuntime_manager.go): the first two kills restart
# at once; after the third it waits out a 10 s back-off, then 20 s, 40 s…
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: sidecar-startup-fails
spec:
  initContainers:
  - name: proxy
    image: registry.podlife.dev/app:1.0
    restartPolicy: Always
    env:
    - {name: STARTUP_SECONDS, value: "8"}
    startupProbe:
      tcpSocket: {port: 8080}
      periodSeconds: 1
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF
kubectl get pods -w
sleep 60
kubectl describe pod sidecar-startup-fails
