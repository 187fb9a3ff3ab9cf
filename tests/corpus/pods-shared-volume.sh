# page: https://kubernetes.io/docs/tasks/access-application-cluster/communicate-containers-same-pod-shared-volume/
kubectl apply -f https://k8s.io/examples/pods/two-container-pod.yaml
sleep 20
# page: "You can see that the debian Container has terminated, and the nginx Container is still
# running" (the page prints -o yaml: containerStatuses debian-container terminated, reason
# Completed; nginx-container running)
kubectl get pod two-containers --output=jsonpath='{range .status.containerStatuses[*]}{.name}: {.state}{"\n"}{end}'
# page: "Get a shell to nginx Container ... In your shell, verify that nginx is running":
# "apt-get update", "apt-get install curl procps", "ps aux": "root 1 ... Ss 21:12 0:00 nginx:
# master process nginx -g daemon off;" (and its worker, user nginx)
kubectl exec two-containers -c nginx-container -- /bin/bash -c "apt-get update >/dev/null && apt-get install -y curl procps >/dev/null && ps aux"
# page: "send a GET request to the nginx server ... curl localhost": "Hello from the debian
# container"
kubectl exec two-containers -c nginx-container -- curl -s localhost
