# kube-proxy stopped on worker-2: its rules stay in the kernel as they were, so clients on
# worker-2 keep being sent to the deleted pod until kube-proxy starts again and syncs; clients
# on the other nodes see the usual short race only.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: web-1
  labels:
    app: web
spec:
  containers:
  - name: web
    image: nginx:1.27
    lifecycle:
      preStop:
        sleep:
          seconds: 5
---
apiVersion: v1
kind: Pod
metadata:
  name: web-2
  labels:
    app: web
spec:
  containers:
  - name: web
    image: nginx:1.27
    lifecycle:
      preStop:
        sleep:
          seconds: 5
---
apiVersion: v1
kind: Pod
metadata:
  name: web-3
  labels:
    app: web
spec:
  containers:
  - name: web
    image: nginx:1.27
    lifecycle:
      preStop:
        sleep:
          seconds: 5
EOF
sleep 30
kubectl get pods -o wide
kubectl get endpointslices
podlife traffic svc/web --rps 50 --for 30s
sleep 10
podlife stop kube-proxy --node worker-2
kubectl delete pod web-2 --wait=false
sleep 12
podlife node worker-2 -- iptables-save -t nat
podlife start kube-proxy --node worker-2
sleep 5
podlife node worker-2 -- iptables-save -t nat
sleep 20
