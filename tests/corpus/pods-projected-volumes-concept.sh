# page: https://kubernetes.io/docs/concepts/storage/projected-volumes/
# The page shows the manifests and says what each source puts in the
# volume; it creates none of the objects they use, so this script creates mysecret (username),
# mysecret2 (password) and myconfigmap (config) with values of its own.
kubectl create secret generic mysecret --from-literal=username=my-app
kubectl create secret generic mysecret2 --from-literal=password=my-password
kubectl create configmap myconfigmap --from-literal=config=my-config-value
# Example configuration with a secret, a downwardAPI, and a configMap
kubectl apply -f https://k8s.io/examples/pods/storage/projected-secret-downwardapi-configmap.yaml
sleep 20
kubectl get pod volume-test
# each item at its path: the secret's username, the configMap's config, the Pod's labels (none:
# an empty file) and the container's cpu limit (none set: the node's allocatable CPU, 2, in cores)
kubectl exec volume-test -- sh -c 'cd /projected-volume; for f in my-group/my-username my-group/my-config labels cpu_limit; do echo "$f=[$(cat $f)]"; done'
kubectl delete pod volume-test --now
# Example configuration: secrets with a non-default permission mode set: my-password gets mode
# 511 (0777), my-username the projected volume's default 0644
kubectl apply -f https://k8s.io/examples/pods/storage/projected-secrets-nondefault-permission-mode.yaml
sleep 20
kubectl exec volume-test -- stat -L -c '%a %n' /projected-volume/my-group/my-username /projected-volume/my-group/my-password
kubectl exec volume-test -- sh -c 'cat /projected-volume/my-group/my-password; echo'
# serviceAccountToken projected volumes: "The example Pod has a projected volume containing the
# injected service account token" at path token (audience api, 3600 s)
kubectl apply -f https://k8s.io/examples/pods/storage/projected-service-account-token.yaml
sleep 20
kubectl exec sa-token-test -- ls /service-account
kubectl exec sa-token-test -- sh -c 'test -s /service-account/token && echo token is not empty'
