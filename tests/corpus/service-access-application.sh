# page: https://kubernetes.io/docs/tasks/access-application-cluster/service-access-application-cluster/
kubectl apply -f https://k8s.io/examples/service/access/hello-application.yaml
sleep 15
kubectl get deployments hello-world
kubectl get replicasets
kubectl expose deployment hello-world --type=NodePort --name=example-service
sleep 5
# page: Labels/Selector run=load-balancer-example, Type NodePort, Port <unset> 8080/TCP,
# NodePort <unset> <port>/TCP, the two pods' addresses as Endpoints
kubectl describe services example-service
kubectl get pods --selector="run=load-balancer-example" --output=wide
# page: `curl http://<public-node-ip>:<node-port>` answers with hello-app's greeting. kind's
# nodes have no public address: the node port is reached at worker-1's InternalIP from a pod
NODE_IP=$(kubectl get node worker-1 -o jsonpath='{.status.addresses[0].address}')
NODE_PORT=$(kubectl get svc example-service -o jsonpath='{.spec.ports[0].nodePort}')
kubectl run client -i --rm --restart=Never --image=curlimages/curl -- curl -s http://$NODE_IP:$NODE_PORT
kubectl delete services example-service
kubectl delete deployment hello-world
