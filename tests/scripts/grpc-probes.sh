# A gRPC probe speaks the gRPC health protocol (grpc.health.v1.Health/Check). Against a server
# that does not speak gRPC (nginx's HTTP/1.1 on port 80) or nothing at all, the kubelet's
# blocking dial never gets a connection and gives up at the probe's timeout; a gRPC server
# answers for the service it knows (agnhost grpc-health-checking, etcd on a plain-text client
# URL), NOT_FOUND for another, NOT_SERVING when it is unhealthy. etcd's default client URL is
# localhost: the kubelet, dialing the pod's IP, cannot reach it.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: grpc-against-http
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    readinessProbe:
      grpc: {port: 80}
      periodSeconds: 2
---
apiVersion: v1
kind: Pod
metadata:
  name: grpc-nothing-listening
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    readinessProbe:
      grpc: {port: 9090}
      periodSeconds: 2
---
apiVersion: v1
kind: Pod
metadata:
  name: grpc-real
spec:
  containers:
  - name: agnhost
    image: registry.k8s.io/e2e-test-images/agnhost:2.40
    args: ["grpc-health-checking"]
    readinessProbe:
      grpc: {port: 5000}
      periodSeconds: 2
---
apiVersion: v1
kind: Pod
metadata:
  name: grpc-unknown-service
spec:
  containers:
  - name: agnhost
    image: registry.k8s.io/e2e-test-images/agnhost:2.40
    args: ["grpc-health-checking", "--service=orders"]
    readinessProbe:
      grpc: {port: 5000, service: payments}
      periodSeconds: 2
---
apiVersion: v1
kind: Pod
metadata:
  name: grpc-goes-unhealthy
spec:
  containers:
  - name: agnhost
    image: registry.k8s.io/e2e-test-images/agnhost:2.40
    args: ["grpc-health-checking", "--port=9000", "--delay-unhealthy-sec=15"]
    livenessProbe:
      grpc: {port: 9000}
      periodSeconds: 5
---
apiVersion: v1
kind: Pod
metadata:
  name: etcd
spec:
  containers:
  - name: etcd
    image: registry.k8s.io/etcd:3.6.8-0
    command: ["etcd", "--listen-client-urls=http://0.0.0.0:2379", "--advertise-client-urls=http://127.0.0.1:2379"]
    readinessProbe:
      grpc: {port: 2379}
      periodSeconds: 2
---
apiVersion: v1
kind: Pod
metadata:
  name: etcd-localhost
spec:
  containers:
  - name: etcd
    image: registry.k8s.io/etcd:3.6.8-0
    command: ["etcd"]
    readinessProbe:
      grpc: {port: 2379}
      periodSeconds: 2
EOF
sleep 40
kubectl get pods
kubectl get events --field-selector reason=Unhealthy --sort-by=.lastTimestamp
kubectl get events --field-selector reason=Killing
