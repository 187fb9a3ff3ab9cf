# With the scheduler stopped, a new pod is stored and stays Pending with no node —
# exactly what a real cluster shows. This stays true once the scheduler is modelled.
podlife stop kube-scheduler
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
    resources:
      requests: {cpu: 250m, memory: 128Mi}
EOF
sleep 5
kubectl get pods -o wide
kubectl get pod nginx -o yaml
kubectl describe pod nginx
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nginx
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
    resources:
      requests: {cpu: 250m, memory: 128Mi}
EOF
kubectl delete pod nginx
kubectl get pods
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web.v1
spec:
  containers:
  - name: web
    image: nginx:1.27
EOF
kubectl delete -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web.v1
---
apiVersion: v1
kind: Pod
metadata:
  name: ghost
EOF
