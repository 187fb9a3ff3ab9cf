# page: https://kubernetes.io/docs/concepts/services-networking/dns-pod-service/ (Pod's DNS Config)
kubectl apply -f https://k8s.io/examples/service/networking/custom-dns.yaml
sleep 15
# page: search ns1.svc.cluster-domain.example my.dns.search.suffix / nameserver 192.0.2.1 /
# options ndots:2 edns0
kubectl exec -it dns-example -- cat /etc/resolv.conf
