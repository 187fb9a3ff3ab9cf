# Per-pod DNS: the headless Service web (clusterIP: None) gives each StatefulSet pod the name
# <pod>.web (its hostname and subdomain), so a client reaches web-0 and web-1 by name.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  clusterIP: None
  selector: {app: web}
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF2
kubectl run client --image=busybox:1.36 --restart=Never -- sleep 3600
kubectl rollout status sts/web
kubectl wait --for=condition=Ready pod/client
kubectl get pods -o wide
kubectl exec client -- nc -zv web-0.web 80
kubectl exec client -- nc -zv web-1.web.default.svc.cluster.local 80
kubectl exec client -- nc -zv web-2.web 80
