# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-projected-volume-storage/
# page: "Create the Secrets": files username.txt and password.txt, then kubectl create secret
echo -n "admin" > ./username.txt
echo -n "1f2d1e2e67df" > ./password.txt
kubectl create secret generic user --from-file=./username.txt
kubectl create secret generic pass --from-file=./password.txt
kubectl apply -f https://k8s.io/examples/pods/storage/projected.yaml
sleep 10
# page: "Verify that the Pod's container is running"
kubectl get pod test-projected-volume
# page: "ls /projected-volume/": password.txt username.txt
kubectl exec test-projected-volume -- ls /projected-volume/
kubectl exec test-projected-volume -- cat /projected-volume/username.txt
echo

# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-service-account/
# (Service account token volume projection): "The kubelet will: request and store the token on
# behalf of the Pod; make the token available to the Pod at a configurable file path"
kubectl create -f https://k8s.io/examples/pods/pod-projected-svc-token.yaml
sleep 10
kubectl exec nginx -- ls /var/run/secrets/tokens
# a JWT: three dot-separated parts
kubectl exec nginx -- sh -c "tr '.' '\n' < /var/run/secrets/tokens/vault-token | wc -l"
