# kubernetes.io "Share Process Namespace between Containers in a Pod": with
# shareProcessNamespace the pause container is PID 1 and every container's processes are
# visible to the others (busybox's ps; the nginx image has no ps). Volumes are shared, each
# container's own files are not.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  shareProcessNamespace: true
  containers:
  - name: nginx
    image: nginx:1.27
    volumeMounts:
    - name: shared
      mountPath: /shared
  - name: shell
    image: busybox:1.36
    securityContext:
      capabilities:
        add:
        - SYS_PTRACE
    stdin: true
    tty: true
    volumeMounts:
    - name: shared
      mountPath: /shared
  volumes:
  - name: shared
    emptyDir: {}
EOF
sleep 8
kubectl get pods
kubectl exec nginx -c shell -- ps ax
kubectl exec nginx -c nginx -- ps ax
kubectl exec nginx -c shell -- sh -c "echo hello > /shared/note; echo mine > /tmp/own"
kubectl exec nginx -c nginx -- cat /shared/note
kubectl exec nginx -c nginx -- cat /tmp/own
podlife node worker-2 -- crictl pods
