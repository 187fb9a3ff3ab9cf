# NetworkPolicy enforcement as kind's kindnetd does it (kube-network-policies): a policy that
# isolates the web pod for ingress drops a connection from a pod its rules do not name (the
# trace's netpol.drop, by the destination node's CNI) and lets a labelled one in; an egress
# policy drops at the source, DNS included.
kubectl run web --image=nginx --labels=app=web
kubectl run client --image=busybox --command -- sleep 3600
kubectl run friend --image=busybox --labels=access=true --command -- sleep 3600
sleep 20
kubectl expose pod web --port=80
kubectl apply -f - <<'X'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: web-from-friends
spec:
  podSelector:
    matchLabels:
      app: web
  ingress:
  - from:
    - podSelector:
        matchLabels:
          access: "true"
    ports:
    - port: 80
X
sleep 3
kubectl exec client -- wget -q -O /dev/null --timeout=1 web
kubectl exec friend -- wget -q -O - --timeout=1 web | head -4
kubectl apply -f - <<'X'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: no-egress
spec:
  podSelector:
    matchLabels:
      access: "true"
  policyTypes: [Egress]
X
kubectl exec friend -- wget -q -O /dev/null --timeout=1 web
kubectl get networkpolicy
