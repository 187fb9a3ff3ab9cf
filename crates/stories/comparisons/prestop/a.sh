# A: three nginx pods behind Service web, without a preStop hook. web-2 is deleted while
# clients on every node send 50 requests a second: the kubelet stops nginx at once, and each
# node's kube-proxy keeps sending it new connections until its own rules are rewritten.
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
  - name: nginx
    image: nginx:1.27
---
apiVersion: v1
kind: Pod
metadata:
  name: web-2
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
---
apiVersion: v1
kind: Pod
metadata:
  name: web-3
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
EOF
kubectl wait --for=condition=Ready pod/web-1 pod/web-2 pod/web-3 --timeout=60s
sleep 5
podlife traffic svc/web --rps 50 --for 20s
sleep 2
kubectl delete pod web-2
sleep 20
