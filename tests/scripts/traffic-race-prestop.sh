# The same race, fixed: a preStop hook (`sleep 5` in the container) keeps nginx serving while
# every kube-proxy catches up; the pod stays Terminating about 5 s longer. Then the same with
# the kubelet's own sleep action, which needs no sleep binary in the image.
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
        exec:
          command: ["sleep", "5"]
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
        exec:
          command: ["sleep", "5"]
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
        exec:
          command: ["sleep", "5"]
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
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web-4
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
sleep 10
podlife traffic svc/web --rps 50 --for 20s
sleep 5
kubectl delete pod web-4 --wait=false
sleep 3
kubectl get pods
sleep 20
