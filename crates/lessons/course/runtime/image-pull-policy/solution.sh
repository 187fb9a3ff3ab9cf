kubectl get pods
kubectl describe pod cache
podlife node worker-1 -- crictl images
kubectl apply -f warmup.yaml
sleep 5
kubectl get pod warmup -o jsonpath='{.spec.containers[0].imagePullPolicy}{"\n"}'
podlife node worker-1 -- crictl images
sleep 15
kubectl get pods
kubectl events --for pod/cache
