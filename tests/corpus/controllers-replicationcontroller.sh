# page: https://kubernetes.io/docs/concepts/workloads/controllers/replicationcontroller/
# (counts instead of the random pod names)
# page: "replicationcontroller/nginx created"
kubectl apply -f https://k8s.io/examples/controllers/replication.yaml
sleep 15
# page: "A little later, the same command may show: Pods Status: 3 Running / 0 Waiting / 0
# Succeeded / 0 Failed"; Selector app=nginx, Labels app=nginx, "Replicas: 3 current / 3 desired"
kubectl describe replicationcontrollers/nginx | grep -E '^(Selector|Labels|Replicas|Pods Status):'
# page: the names of the three pods the ReplicationController made
pods=$(kubectl get pods --selector=app=nginx --output=jsonpath={.items..metadata.name})
echo $pods | wc -w
# page (Deleting just a ReplicationController): "--cascade=false" leaves the pods (1.36 warns
# that it is deprecated for --cascade=orphan)
kubectl delete rc nginx --cascade=false
kubectl get pods --selector=app=nginx --no-headers | wc -l
# page: "As long as the old and new .spec.selector are the same, then the new one will adopt the
# old pods"
kubectl apply -f https://k8s.io/examples/controllers/replication.yaml
sleep 2
kubectl get pods --selector=app=nginx -o jsonpath='{range .items[*]}{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name}{"\n"}{end}'
# page (Deleting a ReplicationController and its Pods)
kubectl delete rc nginx
sleep 40
kubectl get pods
