# page: https://kubernetes.io/docs/tasks/inject-data-application/define-command-argument-container/
kubectl apply -f https://k8s.io/examples/pods/commands.yaml
sleep 30
# page: "The output shows that the container that ran in the command-demo Pod has completed."
kubectl get pods
# page: "The output shows the values of the HOSTNAME and KUBERNETES_PORT environment variables:"
# command-demo / tcp://10.3.240.1:443 (the Service IP of `kubernetes` in that cluster)
kubectl logs command-demo
kubectl get svc kubernetes
