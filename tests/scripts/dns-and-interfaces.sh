# DNS and interfaces as a pod's process sees them (seed 003): busybox 1.36's nslookup asks the
# cluster DNS (10.96.0.10 from /etc/resolv.conf) for A and AAAA records, through the search list
# only for names without a dot (so "web.default" is NXDOMAIN, busybox's well-known quirk);
# busybox 1.28's nslookup uses the libc resolver (search list and ndots) and prints its own format.
# `ip addr` shows lo and the pod's eth0 (the veth from the CNI with the pod IP from the node's
# podCIDR), `ip route` kindnet's routes through the gateway. Debian-based images have neither tool.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web}
spec:
  containers:
  - name: nginx
    image: nginx:1.27
---
apiVersion: v1
kind: Pod
metadata:
  name: client
spec:
  containers:
  - name: shell
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: old-client
spec:
  containers:
  - name: shell
    image: busybox:1.28
    command: ["sh", "-c", "sleep 3600"]
EOF2
sleep 8
kubectl get svc web
kubectl get pods -o wide
kubectl exec client -- nslookup web
kubectl exec client -- nslookup web.default
kubectl exec client -- nslookup web.default.svc.cluster.local
kubectl exec client -- nslookup kubernetes.default.svc.cluster.local
kubectl exec client -- nslookup nosuch
kubectl exec client -- nslookup 10.96.0.1
kubectl exec client -- nslookup web 8.8.8.8
kubectl exec old-client -- nslookup kubernetes.default
kubectl exec old-client -- nslookup web
kubectl exec old-client -- nslookup nosuch
kubectl exec client -- ip addr
kubectl exec client -- ip -4 a show eth0
kubectl exec client -- ip route
kubectl exec client -- ip link
kubectl exec client -- ip addr add 10.0.0.1/24 dev eth0
kubectl exec web -- ip addr
kubectl exec web -- nslookup web
kubectl exec web -- curl -s web
