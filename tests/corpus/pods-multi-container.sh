# page: https://kubernetes.io/docs/concepts/workloads/pods/multi-container-pods/
# (its examples pods/multi-container/*.yaml; the page's text is not in the index this was
# checked against, so each claim below is what the example's own comments and commands say)
# page: "Containers in the same Pod share the same network namespace and can communicate over
# localhost": the client sidecar fetches nginx's page from localhost:80 every 5 s
kubectl apply -f https://k8s.io/examples/pods/multi-container/localhost.yaml
# page: "They can also share storage volumes mounted into the Pod": an init container writes
# index.html into an emptyDir that nginx serves read-only
kubectl apply -f https://k8s.io/examples/pods/multi-container/shared-volume.yaml
# a sidecar's startupProbe holds the app container until the sidecar has written its config
kubectl apply -f https://k8s.io/examples/pods/multi-container/startup-coordination.yaml
# requests of init containers, sidecars and app containers
kubectl apply -f https://k8s.io/examples/pods/multi-container/resources.yaml
# ambassador: socat listens on localhost:5432 and forwards to external-db.example.com:5432
kubectl apply -f https://k8s.io/examples/pods/multi-container/ambassador.yaml
sleep 30
kubectl get pods
kubectl logs localhost-example -c client --tail=4
kubectl exec shared-volume-example -c web -- curl -s localhost
kubectl logs startup-coordination-example -c main-app
kubectl get pod startup-coordination-example -o jsonpath='{range .status.initContainerStatuses[*]}{.name} started={.started} ready={.ready}{"\n"}{end}'
# the pod's request: the larger of the init container's own request and the sidecar's plus the
# app's (350m, 192Mi), as the scheduler counts it
kubectl describe node $(kubectl get pod resources-example -o jsonpath='{.spec.nodeName}') | grep -E 'resources-example|Namespace  '
kubectl exec ambassador-sidecar-example -c main-app -- printenv DATABASE_URL
kubectl delete pod localhost-example shared-volume-example startup-coordination-example resources-example ambassador-sidecar-example
