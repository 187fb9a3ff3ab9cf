# The endpoint race: a pod is deleted while clients on every node send 50 requests a second.
# The kubelet stops nginx at once; each node's kube-proxy removes the endpoint only when its own
# sync finishes (about 1-5 s), so meanwhile some requests still go to the pod that is gone.
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
EOF
sleep 30
kubectl get pods -o wide
kubectl get endpointslices
podlife traffic svc/web --rps 50 --for 30s
sleep 10
kubectl delete pod web-2 --wait=false
sleep 2
kubectl get endpointslices -o wide
podlife node worker-1 -- iptables-save -t nat
sleep 4
kubectl get pods
sleep 30
kubectl get pods
