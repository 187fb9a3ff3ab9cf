# page: https://kubernetes.io/docs/concepts/services-networking/network-policies/
# kind enforces NetworkPolicy (kindnetd embeds kube-network-policies since kind v0.24), so the
# page's claims are checked with traffic: a refused connection is dropped and times out.
kubectl run db --image=redis --labels=role=db
kubectl run web --image=nginx --labels=app=web
kubectl run frontend --image=busybox --labels=role=frontend --command -- sleep infinity
kubectl run other --image=busybox --command -- sleep infinity
sleep 20
DB=$(kubectl get pod db -o jsonpath='{.status.podIP}')
WEB=$(kubectl get pod web -o jsonpath='{.status.podIP}')
kubectl apply -f https://k8s.io/examples/service/networking/networkpolicy.yaml
# "When in doubt, use kubectl describe to see how Kubernetes has interpreted the policy."
kubectl describe networkpolicy test-network-policy
# role=db pods accept TCP 6379 from role=frontend pods of the namespace, not from others
kubectl exec frontend -- nc -zv -w 1 $DB 6379
kubectl exec other -- nc -zv -w 1 $DB 6379
# and may only reach 10.0.0.0/24 on 5978: their egress to the web pod is dropped
kubectl exec db -- redis-cli -h $WEB -p 80 --no-raw ping
kubectl delete networkpolicy test-network-policy
# Default deny all ingress traffic: every pod of the namespace is isolated for ingress
kubectl apply -f https://k8s.io/examples/service/networking/network-policy-default-deny-ingress.yaml
kubectl exec other -- wget --spider --timeout=1 http://$WEB
# Default allow all ingress traffic: allowed again, even beside the deny policy
kubectl apply -f https://k8s.io/examples/service/networking/network-policy-allow-all-ingress.yaml
kubectl exec other -- wget --spider --timeout=1 http://$WEB
kubectl delete networkpolicy default-deny-ingress allow-all-ingress
# Default deny all egress traffic: nothing leaves, DNS lookups included
kubectl apply -f https://k8s.io/examples/service/networking/network-policy-default-deny-egress.yaml
kubectl exec other -- wget --spider --timeout=1 http://$WEB
kubectl exec other -- nslookup -timeout=1 kubernetes.default
# Default allow all egress traffic
kubectl apply -f https://k8s.io/examples/service/networking/network-policy-allow-all-egress.yaml
kubectl exec other -- wget --spider --timeout=1 http://$WEB
kubectl delete networkpolicy default-deny-egress allow-all-egress
# Default deny all ingress and all egress traffic
kubectl apply -f https://k8s.io/examples/service/networking/network-policy-default-deny-all.yaml
kubectl exec other -- wget --spider --timeout=1 http://$WEB
kubectl describe networkpolicy default-deny-all
kubectl delete networkpolicy default-deny-all
# Allow all egress, deny all ingress
kubectl apply -f https://k8s.io/examples/service/networking/network-policy-allow-all-egress-deny-all-ingress.yaml
kubectl exec other -- wget --spider --timeout=1 http://$WEB
kubectl describe networkpolicy allow-egress-deny-ingress
kubectl delete networkpolicy allow-egress-deny-ingress
# Targeting a range of ports
kubectl apply -f https://k8s.io/examples/service/networking/networkpolicy-multiport-egress.yaml
kubectl get networkpolicy
kubectl describe networkpolicy multi-port-egress
