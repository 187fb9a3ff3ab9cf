# page: https://kubernetes.io/docs/tutorials/services/pods-and-endpoint-termination-flow/
kubectl apply -f https://k8s.io/examples/service/pod-with-graceful-termination.yaml
kubectl apply -f https://k8s.io/examples/service/explore-graceful-termination-nginx.yaml
sleep 20
kubectl get endpointslice
# page: one endpoint, ready / serving / not terminating
kubectl get endpointslices -o json -l kubernetes.io/service-name=nginx-service
POD=$(kubectl get pods -l app.kubernetes.io/name=nginx -o jsonpath='{.items[0].metadata.name}')
SLICE=$(kubectl get endpointslices -l kubernetes.io/service-name=nginx-service -o jsonpath='{.items[0].metadata.name}')
# The page's `kubectl delete pod` waits for the pod to go (the preStop hook sleeps past the
# 120 s grace period); the page looks at the pods meanwhile, so it is not waited for here
kubectl delete pod $POD --wait=false
sleep 8
# page: the old pod 1/1 Terminating, a new one Running
kubectl get pods
# page: the old endpoint ready false, serving true, terminating true; the new one ready
kubectl get endpointslice -o json $SLICE
sleep 120
# "When Pod is deleted, the old endpoint will also be deleted."
kubectl get pods
kubectl get endpointslice
