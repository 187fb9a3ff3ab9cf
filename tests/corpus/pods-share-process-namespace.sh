# page: https://kubernetes.io/docs/tasks/configure-pod-container/share-process-namespace/
kubectl apply -f https://k8s.io/examples/pods/share-process-namespace.yaml
sleep 20
# page: "Attach to the shell container and run ps ... You can see processes in other containers":
# /pause as PID 1, nginx master (root) and worker (101), sleep, ps ax (the page's interactive
# `sh` is not there: this runs ps through exec)
kubectl exec nginx -c shell -- ps ax
# page: "You can signal processes in other containers. For example, send SIGHUP to nginx to
# restart the worker process" (the worker gets a new PID)
# (the page's nginx master is PID 8; here it is 7)
kubectl exec nginx -c shell -- kill -HUP 7
kubectl exec nginx -c shell -- ps ax
# page: "It's even possible to access the file system of another container using the
# /proc/$pid/root link": head /proc/8/root/etc/nginx/nginx.conf shows "user  nginx;"
kubectl exec nginx -c shell -- head -3 /proc/7/root/etc/nginx/nginx.conf
