# page: https://kubernetes.io/docs/tasks/access-application-cluster/connecting-frontend-backend/
kubectl apply -f https://k8s.io/examples/service/access/backend-deployment.yaml
sleep 15
kubectl describe deployment backend
kubectl apply -f https://k8s.io/examples/service/access/backend-service.yaml
kubectl apply -f https://k8s.io/examples/service/access/frontend-deployment.yaml
kubectl apply -f https://k8s.io/examples/service/access/frontend-service.yaml
sleep 15
# page: `kubectl get service frontend --watch` shows EXTERNAL-IP <pending> until the cloud's
# load balancer is there; kind has none, so it stays <pending>
kubectl get service frontend
# page: `curl http://${EXTERNAL_IP}` → {"message":"Hello"}. Without an external IP: the
# frontend Service from a pod (nginx proxies to the `hello` Service, hello-go-gke answers)
kubectl run client -i --rm --restart=Never --image=curlimages/curl -- curl -s http://frontend
kubectl delete services frontend hello
kubectl delete deployment frontend backend
