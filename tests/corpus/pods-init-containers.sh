# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-pod-initialization/
kubectl apply -f https://k8s.io/examples/pods/init-containers.yaml
sleep 60
# page: "The output shows that the nginx container is running:" init-demo 1/1 Running 0
kubectl get pod init-demo
# page: in a shell in the nginx container, apt-get update; apt-get install curl; curl localhost
# shows the page the init container downloaded (http://info.cern.ch in the example file)
kubectl exec init-demo -- /bin/bash -c "apt-get update >/dev/null && apt-get install -y curl >/dev/null && curl -s localhost | head -3"
