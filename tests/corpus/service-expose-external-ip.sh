# page: https://kubernetes.io/docs/tutorials/stateless-application/expose-external-ip-address/
kubectl apply -f https://k8s.io/examples/service/load-balancer-example.yaml
sleep 15
kubectl get deployments hello-world
kubectl get replicasets
kubectl expose deployment hello-world --type=LoadBalancer --name=my-service
sleep 5
# page (on a cloud): EXTERNAL-IP 104.198.205.71. The page's note: "If the external IP address
# is shown as <pending>, wait for a minute" — a kind cluster has no cloud load balancer, so it
# stays <pending> (kubectl's getServiceExternalIP) and describe has no LoadBalancer Ingress line
kubectl get services my-service
sleep 60
kubectl get services my-service
kubectl describe services my-service
kubectl get pods --output=wide
# page: `curl http://<external-ip>:<port>` → a hello message (hello-app 2.0 answers
# `Hello, world!`, its version and the pod's name). Without an external IP: the Service's
# port from a pod
kubectl run client -i --rm --restart=Never --image=curlimages/curl -- curl -s http://my-service:8080
kubectl delete services my-service
kubectl delete deployment hello-world
