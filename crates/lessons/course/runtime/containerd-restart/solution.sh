kubectl get pod web -o wide
podlife node worker-2 -- crictl ps --name nginx
podlife stop containerd --node worker-2
podlife node worker-2 -- crictl ps
podlife traffic svc/web --rps 20 --for 10s
sleep 12
kubectl get pod web
podlife start containerd --node worker-2
sleep 5
podlife node worker-2 -- crictl ps --name nginx
kubectl get pod web
