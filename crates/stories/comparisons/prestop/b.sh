# B: the same, with a 5-second preStop sleep (the kubelet's own sleep action): nginx keeps
# serving while every kube-proxy catches up, and only then gets its stop signal.
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
  - name: nginx
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
  - name: nginx
    image: nginx:1.27
    lifecycle:
      preStop:
        sleep:
          seconds: 5
EOF
kubectl wait --for=condition=Ready pod/web-1 pod/web-2 pod/web-3 --timeout=60s
sleep 5
podlife traffic svc/web --rps 50 --for 20s
sleep 2
kubectl delete pod web-2
sleep 20
