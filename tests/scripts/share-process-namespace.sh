# shareProcessNamespace: the shell container sees nginx's processes and signals them — SIGHUP
# reloads nginx (a new worker with a later PID), SIGTERM stops its master (the kubelet restarts
# the container) — and reads nginx's files through /proc/PID/root.
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  shareProcessNamespace: true
  containers:
  - name: nginx
    image: nginx
  - name: shell
    image: busybox:1.28
    command: ["sleep", "3600"]
    securityContext:
      capabilities:
        add:
        - SYS_PTRACE
    stdin: true
    tty: true
YAML
sleep 20
kubectl exec nginx -c shell -- ps ax
kubectl exec nginx -c shell -- kill -HUP 7
kubectl exec nginx -c shell -- ps ax
kubectl exec nginx -c shell -- kill 99
kubectl exec nginx -c shell -- head -n 2 /proc/7/root/etc/nginx/nginx.conf
kubectl exec nginx -c shell -- kill 7
sleep 3
kubectl get pod nginx
