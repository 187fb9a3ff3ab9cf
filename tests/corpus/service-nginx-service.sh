# nginx-service.yaml: no kubernetes.io page in the index uses it (tutorials elsewhere do:
# `kubectl create -f https://k8s.io/examples/service/nginx-service.yaml`, then wget of its
# ClusterIP and port from a busybox pod). Port 8000 to the nginx pods' 80, selected by
# app.kubernetes.io/name=nginx
kubectl run nginx --image=nginx --labels=app.kubernetes.io/name=nginx
kubectl create -f https://k8s.io/examples/service/nginx-service.yaml
sleep 15
kubectl get services
SERVICE_IP=$(kubectl get service nginx-service -o go-template='{{.spec.clusterIP}}')
SERVICE_PORT=$(kubectl get service nginx-service -o go-template='{{(index .spec.ports 0).port}}')
echo "$SERVICE_IP:$SERVICE_PORT"
kubectl run busybox --image=busybox --restart=Never -i --rm --env "SERVICE_IP=$SERVICE_IP" --env "SERVICE_PORT=$SERVICE_PORT" -- sh -c 'wget -qO- http://$SERVICE_IP:$SERVICE_PORT | head -4'
kubectl delete service nginx-service
