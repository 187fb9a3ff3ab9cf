# page: https://kubernetes.io/docs/concepts/services-networking/dual-stack/
# The page's examples assume a dual-stack cluster. kind's default cluster (podlife's) is
# single-stack IPv4 (`networking.ipFamily: ipv4`: one IPv4 service CIDR), where
# kube-apiserver's `initIPFamilyFields` gives a Service the one family it has, or refuses
# families and policies the cluster cannot serve.
kubectl apply -f https://k8s.io/examples/service/networking/dual-stack-default-svc.yaml
kubectl get svc my-service -o jsonpath='{.spec.ipFamilyPolicy} {.spec.ipFamilies} {.spec.clusterIPs}{"\n"}'
kubectl delete svc my-service
# PreferDualStack without families: dual-stack when it can be, here the one IPv4 address
kubectl apply -f https://k8s.io/examples/service/networking/dual-stack-preferred-svc.yaml
kubectl describe svc -l app.kubernetes.io/name=MyApp
kubectl delete svc my-service
# IPv6 first: IPv6 is not configured on this cluster
kubectl apply -f https://k8s.io/examples/service/networking/dual-stack-preferred-ipfamilies-svc.yaml
kubectl apply -f https://k8s.io/examples/service/networking/dual-stack-ipfamilies-ipv6.yaml
kubectl apply -f https://k8s.io/examples/service/networking/dual-stack-prefer-ipv6-lb-svc.yaml
# The pre-1.20 versions of the page used `spec.ipFamily`, a field 1.20 removed: refused
kubectl apply -f https://k8s.io/examples/service/networking/dual-stack-ipv6-svc.yaml
kubectl apply -f https://k8s.io/examples/service/networking/dual-stack-ipv6-lb-svc.yaml
kubectl get svc
