# page: https://kubernetes.io/docs/tasks/run-application/run-stateless-application-deployment/
# (deployment.yaml and deployment-scale.yaml as the page shows them, release-1.34: the index
# holds an nginx:1.15 deployment.yaml and a deployment-scale.yaml selecting
# app.kubernetes.io/name, which could not update the first)
kubectl apply -f https://k8s.io/examples/application/deployment.yaml
sleep 10
# page: Labels (none in 1.36: the manifest sets none; the page's app=nginx came from the old
# defaulting of labels from the template), Selector app=nginx, "Replicas: 2 desired | 2 updated |
# 2 total | 2 available | 0 unavailable", RollingUpdate, "25% max unavailable, 25% max surge" in
# 1.36 (the page's "1 max unavailable, 1 max surge" is extensions/v1beta1's default), Image
# nginx:1.14.2, Port 80/TCP, Available True MinimumReplicasAvailable, Progressing True
# NewReplicaSetAvailable, NewReplicaSet (2/2 replicas created)
kubectl describe deployment nginx-deployment
# page: two nginx-deployment-… pods Running
kubectl get pods -l app=nginx
# Updating the deployment
kubectl apply -f https://k8s.io/examples/application/deployment-update.yaml
# page: "Watch the deployment create pods with new names and delete the old pods"
sleep 3
kubectl get pods -l app=nginx
sleep 20
kubectl get pods -l app=nginx
kubectl get pods -l app=nginx -o jsonpath='{.items[*].spec.containers[0].image}{"\n"}'
# Scaling: page "Verify that the Deployment has four Pods"
kubectl apply -f https://k8s.io/examples/application/deployment-scale.yaml
sleep 10
kubectl get pods -l app=nginx
# page: "Delete the deployment by name"
kubectl delete deployment nginx-deployment
