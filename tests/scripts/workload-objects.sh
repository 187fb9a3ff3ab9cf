# Workload objects and Services as the API server stores them: defaults, generated fields and
# validation (the controllers then create the pods).
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - port: 80
EOF
kubectl get deploy web -o yaml
kubectl get svc web -o wide
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: broken
spec:
  replicas: -1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: api}
    spec:
      restartPolicy: Never
      containers:
      - name: nginx
        image: nginx:1.27
EOF
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: once
spec:
  template:
    spec:
      containers:
      - name: hello
        image: busybox:1.36
        command: ["echo", "hello"]
EOF
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: once
spec:
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: hello
        image: busybox:1.36
        command: ["echo", "hello"]
EOF
kubectl get job once -o yaml
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: 1web
spec:
  ports:
  - port: 0
EOF
