# What kubectl apply prints for the mistakes learners make most, checked against
# upstream kubectl/apiserver 1.36 sources (see ARCHITECTURE.md, "Fidelity").
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    imagee: nginx:1.27
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pdo
metadata:
  name: web
EOF
kubectl apply -f - <<EOF
metadata:
  name: web
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: Web
spec:
  restartPolicy: Sometimes
  containers:
  - name: web
    image: nginx
    ports:
    - containerPort: 70000
    resources:
      requests: {cpu: "2"}
      limits: {cpu: "1"}
  - name: web
    image: busybox
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx
    resources:
      requests:
        cpu: [1]
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx
    ports:
    - containerPort: "80"
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
 spec:
  containers: []
EOF
kubectl get pods
