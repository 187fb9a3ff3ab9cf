# page: https://kubernetes.io/docs/concepts/services-networking/ingress/
# A kind cluster runs no Ingress controller: the Ingresses are stored as the page shows, but
# nothing gives them an address (ADDRESS stays empty where the page shows its controller's),
# and their backend Services are not created by the page (describe says so).
kubectl apply -f https://k8s.io/examples/service/networking/minimal-ingress.yaml
kubectl get ingress minimal-ingress
# Resource backends
kubectl apply -f https://k8s.io/examples/service/networking/ingress-resource-backend.yaml
kubectl describe ingress ingress-resource-backend
# Hostname wildcards
kubectl apply -f https://k8s.io/examples/service/networking/ingress-wildcard-host.yaml
# Ingress class: parameters of cluster scope (the default), then of namespace scope
kubectl apply -f https://k8s.io/examples/service/networking/external-lb.yaml
kubectl get ingressclass external-lb -o yaml
kubectl apply -f https://k8s.io/examples/service/networking/namespaced-params.yaml
kubectl get ingressclass external-lb -o jsonpath='{.spec.parameters}{"\n"}'
kubectl describe ingressclass external-lb
# Default IngressClass: an Ingress created without a class gets it
kubectl apply -f https://k8s.io/examples/service/networking/default-ingressclass.yaml
kubectl get ingressclass
# Single Service Ingress
kubectl apply -f https://k8s.io/examples/service/networking/test-ingress.yaml
kubectl get ingress test-ingress
# Simple fanout
kubectl apply -f https://k8s.io/examples/service/networking/simple-fanout-example.yaml
kubectl describe ingress simple-fanout-example
# Name based virtual hosting
kubectl apply -f https://k8s.io/examples/service/networking/name-virtual-host-ingress.yaml
kubectl apply -f https://k8s.io/examples/service/networking/name-virtual-host-ingress-no-third-host.yaml
# TLS
kubectl apply -f https://k8s.io/examples/service/networking/tls-example-ingress.yaml
kubectl describe ingress tls-example-ingress
kubectl get ingress
