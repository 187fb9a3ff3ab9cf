# The three replication-nginx-*.yaml files belonged to the "Rolling Update Using a Replication
# Controller" task (kubectl rolling-update, removed from kubectl in 1.18); no page in the index
# uses them today. What upstream 1.36 does with them: the ReplicationControllers are created and
# run their pods; my-nginx's selector is defaulted from its template (app=nginx); re-applying
# my-nginx-v4 with nginx:1.16.1 changes only the template: a ReplicationController never replaces
# running pods.
kubectl apply -f https://k8s.io/examples/controllers/replication-nginx-1.14.2.yaml
kubectl get rc my-nginx -o jsonpath='{.spec.selector}{"\n"}'
kubectl delete rc my-nginx
sleep 40
kubectl apply -f https://k8s.io/examples/controllers/replication-nginx-1.9.2.yaml
sleep 30
# (its args `nginx -T` print the configuration and exit: the pods restart, so READY is not
# checked, only the five replicas)
kubectl get rc my-nginx-v4 -o jsonpath='{.status.replicas}{"\n"}'
kubectl apply -f https://k8s.io/examples/controllers/replication-nginx-1.16.1.yaml
sleep 10
kubectl get pods -l deployment=v4 -o jsonpath='{range .items[*]}{.spec.containers[0].image}{"\n"}{end}'
