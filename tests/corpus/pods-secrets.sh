# page: https://kubernetes.io/docs/tasks/inject-data-application/distribute-credentials-secure/
# (pod-single- and pod-multiple-secret-env-variable.yaml as the page shows them, release-1.34:
# the index's copies are broken older versions, one without apiVersion, one with a tab)
kubectl apply -f https://k8s.io/examples/pods/inject/secret.yaml
# page: test-secret Opaque 2
kubectl get secret test-secret
# page: Type Opaque, Data password 13 bytes, username 7 bytes — the page's counts include a
# newline the values do not have: my-app is 6 bytes, 39528$vdg7Jb 12
kubectl describe secret test-secret
kubectl apply -f https://k8s.io/examples/pods/inject/secret-pod.yaml
sleep 10
kubectl get pod secret-test-pod
# page: "ls" in /etc/secret-volume: password username; "cat username; echo; cat password; echo":
# my-app, 39528$vdg7Jb (the page types them in an interactive shell)
kubectl exec secret-test-pod -- ls /etc/secret-volume
kubectl exec secret-test-pod -- /bin/bash -c 'cd /etc/secret-volume; cat username; echo; cat password; echo'
# the older page's environment example (secret-envars-pod.yaml): SECRET_USERNAME=my-app,
# SECRET_PASSWORD=39528$vdg7Jb
kubectl apply -f https://k8s.io/examples/pods/inject/secret-envars-pod.yaml
sleep 10
kubectl exec secret-envars-test-pod -- printenv SECRET_USERNAME SECRET_PASSWORD
# Define a container environment variable with data from a single Secret
kubectl create secret generic backend-user --from-literal=backend-username='backend-admin'
kubectl create -f https://k8s.io/examples/pods/inject/pod-single-secret-env-variable.yaml
sleep 10
# page: backend-admin
kubectl exec -i env-single-secret -- /bin/sh -c 'echo $SECRET_USERNAME'
# with data from multiple Secrets (backend-user exists already)
kubectl create secret generic db-user --from-literal=db-username='db-admin'
kubectl create -f https://k8s.io/examples/pods/inject/pod-multiple-secret-env-variable.yaml
sleep 10
# page: DB_USERNAME=db-admin, BACKEND_USERNAME=backend-admin (env's order: the kubelet's)
kubectl exec -i envvars-multiple-secrets -- /bin/sh -c 'env | grep _USERNAME | sort'
