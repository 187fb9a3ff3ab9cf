# The kubelet's eviction manager checks local storage every 10 s: an emptyDir past its
# sizeLimit, a pod past the sum of its containers' ephemeral-storage limits, a container whose
# writable layer and logs are past its own limit. An evicted pod gets a Warning Evicted event
# and 1 s to stop, and ends Failed with reason Evicted and the check's message (kubectl's
# STATUS column shows the container's own reason, Error, as the printer prefers it). It is
# not restarted; its ReplicaSet creates a replacement. Container logs are measured when the
# manager asks, but volumes only when the kubelet's volume calculator runs (its first run at
# the next minute of the kubelet's ticker, then every 1 to 2 minutes), so an overfilled
# emptyDir is noticed a minute or two late.
kubectl apply -f - <<'EOF2'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: chatty
spec:
  replicas: 1
  selector:
    matchLabels:
      app: chatty
  template:
    metadata:
      labels:
        app: chatty
    spec:
      containers:
      - name: logger
        image: busybox:1.36
        command: ["sh", "-c", "while true; do echo 'one more line for the container log'; done"]
        resources:
          limits:
            ephemeral-storage: 1Mi
      - name: quiet
        image: busybox:1.36
        command: ["sh", "-c", "sleep 3600"]
        resources:
          limits:
            ephemeral-storage: 10Mi
---
apiVersion: v1
kind: Pod
metadata:
  name: scratch
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - name: cache
      mountPath: /cache
  volumes:
  - name: cache
    emptyDir:
      sizeLimit: 1Mi
---
apiVersion: v1
kind: Pod
metadata:
  name: layer
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    resources:
      requests:
        ephemeral-storage: 1Mi
      limits:
        ephemeral-storage: 4Mi
EOF2
sleep 5
kubectl exec scratch -- dd if=/dev/zero of=/cache/fill bs=1M count=2
kubectl exec layer -- dd if=/dev/zero of=/tmp/fill bs=1M count=5
kubectl get pods
sleep 25
kubectl get pods
kubectl get events --field-selector reason=Evicted
sleep 120
kubectl get pods
kubectl get pod scratch -o jsonpath='{.status.phase} {.status.reason}: {.status.message}{"\n"}'
kubectl get pod layer -o jsonpath='{range .status.conditions[*]}{.type}={.status} {end}{"\n"}'
kubectl describe pod scratch
