kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
    readinessProbe:
      httpGet:
        path: /
        port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: cache
spec:
  containers:
  - name: redis
    image: redis:7.4
    ports:
    - containerPort: 6379
    readinessProbe:
      tcpSocket:
        port: 6379
---
apiVersion: v1
kind: Pod
metadata:
  name: worker
spec:
  containers:
  - name: worker
    image: busybox:1.36
    command: ["sh", "-c", "sleep 5; touch /tmp/ready; sleep 3600"]
    readinessProbe:
      exec:
        command: ["cat", "/tmp/ready"]
---
apiVersion: v1
kind: Pod
metadata:
  name: api
spec:
  containers:
  - name: agnhost
    image: registry.k8s.io/e2e-test-images/agnhost:2.40
    args: ["grpc-health-checking"]
    ports:
    - containerPort: 5000
    readinessProbe:
      grpc:
        port: 5000
EOF
sleep 25
kubectl get pods
kubectl describe pods | grep Readiness
