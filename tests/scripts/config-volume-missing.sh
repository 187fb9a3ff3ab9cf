# A configMap volume whose ConfigMap does not exist yet: the kubelet's volume manager cannot
# mount it, so no sandbox is made and the pod stays ContainerCreating with FailedMount events;
# once the ConfigMap exists the next sync mounts it and starts the container.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: reader
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "cat /etc/config/mode; sleep 3600"]
    volumeMounts:
    - name: config
      mountPath: /etc/config
  volumes:
  - name: config
    configMap:
      name: web-config
EOF
sleep 30
kubectl get pods
kubectl get events
kubectl create configmap web-config --from-literal=mode=debug
sleep 20
kubectl get pods
kubectl logs reader
