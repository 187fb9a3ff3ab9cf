# page: https://kubernetes.io/docs/tasks/inject-data-application/distribute-credentials-secure/
# Configure all key-value pairs in a Secret as container environment variables. The page creates test-secret with kubectl
# create secret generic; the same Secret from secret.yaml here
kubectl apply -f https://k8s.io/examples/pods/inject/secret.yaml
kubectl create -f https://k8s.io/examples/pods/inject/pod-secret-envFrom.yaml
sleep 10
# page: "username: my-app", "password: 39528$vdg7Jb" (nginx's /bin/sh is dash, whose echo turns
# the \n into line breaks: one more empty line after the password)
kubectl exec -i envfrom-secret -- /bin/sh -c 'echo "username: $username\npassword: $password\n"'
