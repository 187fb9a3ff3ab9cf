# page: https://kubernetes.io/docs/tasks/inject-data-application/define-environment-variable-via-file/
# (feature state EnvFiles; min-kubernetes-server-version v1.34)
# The manifest's command is a YAML double-quoted scalar: its \" \'
# and \n are YAML escapes (go-yaml accepts \' as '), so sh runs
# echo "DB_ADDRESS='address'<newline>REST_ENDPOINT='endpoint'" > /data/config.env
# and config.env holds the two lines DB_ADDRESS='address' and REST_ENDPOINT='endpoint'
kubectl apply -f https://k8s.io/examples/pods/inject/envars-file-container.yaml
sleep 30
# page: "Verify that the container in the Pod is running" (the container runs `env` and exits:
# restartPolicy Never, so the Pod is Completed once the log is written)
kubectl get pods
# page: "The output shows the values of selected environment variables: DB_ADDRESS=address"
kubectl logs envfile-test-pod -c use-envfile | grep DB_ADDRESS
