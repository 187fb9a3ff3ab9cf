# kube-proxy's rules for each kind of Service, as iptables-save shows them on two nodes:
# a named port with ClientIP affinity (the `recent` lists), a NodePort with
# externalTrafficPolicy: Local (KUBE-EXT → KUBE-SVL with this node's endpoints only; on a
# node without one, outside traffic is dropped), a Service with no endpoints (REJECT).
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Service
metadata:
  name: api
spec:
  sessionAffinity: ClientIP
  selector:
    app: api
  ports:
  - name: http
    port: 80
    targetPort: 8080
---
apiVersion: v1
kind: Service
metadata:
  name: edge
spec:
  type: NodePort
  externalTrafficPolicy: Local
  selector:
    app: edge
  ports:
  - port: 80
    nodePort: 30080
---
apiVersion: v1
kind: Service
metadata:
  name: nothing
spec:
  selector:
    app: nothing
  ports:
  - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: api-1
  labels:
    app: api
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
---
apiVersion: v1
kind: Pod
metadata:
  name: api-2
  labels:
    app: api
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
---
apiVersion: v1
kind: Pod
metadata:
  name: edge
  labels:
    app: edge
spec:
  nodeName: worker-2
  containers:
  - name: nginx
    image: nginx:1.27
EOF2
sleep 20
kubectl get pods -o wide
kubectl get svc
podlife node worker-1 -- iptables-save
podlife node worker-2 -- iptables-save -t nat
podlife node worker-2 -- iptables-save -t mangle
podlife node worker-2 -- iptables-save -t bogus
podlife kube-proxy config --restore-time=50ms --min-sync-period=2s
podlife kube-proxy config --node worker-2 --restore-time=3s-6s
podlife kube-proxy config --restore-time=5s-1s
podlife kube-proxy config --node nowhere
