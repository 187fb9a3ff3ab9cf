# page: https://kubernetes.io/docs/concepts/services-networking/gateway/
# Gateway API "is an add-on containing API kinds": its kinds come from CustomResourceDefinitions
# the cluster operator installs (the page's "Get started" links). A kind cluster has none, so
# kubectl finds no mapping for them and stops before sending anything (upstream 1.36 prints
# the same); podlife does not model CustomResourceDefinitions.
kubectl apply -f https://k8s.io/examples/service/networking/gatewayclass.yaml
kubectl apply -f https://k8s.io/examples/service/networking/gateway.yaml
kubectl apply -f https://k8s.io/examples/service/networking/httproute.yaml
kubectl apply -f https://k8s.io/examples/service/networking/grpcroute.yaml
kubectl apply -f https://k8s.io/examples/service/networking/grpcroute-matching.yaml
kubectl get gateways
