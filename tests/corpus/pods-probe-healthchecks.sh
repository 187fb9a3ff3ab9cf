# page: the old walkthrough (kubernetes.io/docs/user-guide/walkthrough/k8s201, "Health
# Checking"; no current page uses these two files): "The kubelet … restarts a container whose
# health check fails"; initialDelaySeconds is "a grace period from when the container is started
# to when health checks are performed"
kubectl create -f https://k8s.io/examples/pods/probe/pod-with-http-healthcheck.yaml
kubectl create -f https://k8s.io/examples/pods/probe/pod-with-tcp-socket-healthcheck.yaml
sleep 40
kubectl get pods
# nginx answers /_status/healthz with 404: the liveness probe fails from its first try (30 s
# after the start), and after failureThreshold 3 (10 s apart) the kubelet restarts nginx
sleep 30
kubectl get pods
kubectl describe pod pod-with-http-healthcheck | sed -n '/^Events:/,$p'
kubectl delete pod pod-with-http-healthcheck pod-with-tcp-socket-healthcheck
