# page: https://kubernetes.io/docs/tasks/manage-daemon/update-daemon-set/
# (both manifests as the page shows them, release-1.34: the index's copies are of two different
# ages, one selecting app.kubernetes.io/name, the other name, which could not update each other)
# page: "Check your DaemonSet manifest" before creating it: "RollingUpdate"
kubectl apply -f https://k8s.io/examples/controllers/fluentd-daemonset.yaml --dry-run=client -o go-template='{{.spec.updateStrategy.type}}{{"\n"}}'
kubectl apply -f https://k8s.io/examples/controllers/fluentd-daemonset.yaml
# page: "The output from both commands should be: RollingUpdate"
kubectl get ds/fluentd-elasticsearch -o go-template='{{.spec.updateStrategy.type}}{{"\n"}}' -n kube-system
sleep 30
kubectl get pods -l name=fluentd-elasticsearch -o wide -n kube-system
# page: "Any updates to a RollingUpdate DaemonSet .spec.template will trigger a rolling update"
# (the new template adds resources); "At most one pod of the DaemonSet will be running on each
# node during the whole update process" (maxUnavailable 1: one node at a time)
kubectl apply -f https://k8s.io/examples/controllers/fluentd-daemonset-update.yaml
# page: `daemonset "fluentd-elasticsearch" successfully rolled out` (the last line: podlife's
# "Waiting for …" lines are not all in upstream's order, see INVENTORY.md)
kubectl rollout status ds/fluentd-elasticsearch -n kube-system | tail -1
kubectl get pods -l name=fluentd-elasticsearch -n kube-system -o jsonpath='{range .items[*]}{.spec.nodeName}{" "}{.spec.containers[0].resources.requests}{"\n"}{end}'
# page (Updating only the container image): kubectl set image (the page's kubectl edit needs an
# editor)
kubectl set image ds/fluentd-elasticsearch fluentd-elasticsearch=quay.io/fluentd_elasticsearch/fluentd:v2.6.0 -n kube-system
kubectl rollout status ds/fluentd-elasticsearch -n kube-system | tail -1
kubectl get pods -l name=fluentd-elasticsearch -o wide -n kube-system
kubectl get events -n kube-system --field-selector involvedObject.kind=DaemonSet
# page (Clean up)
kubectl delete ds fluentd-elasticsearch -n kube-system
