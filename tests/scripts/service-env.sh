# The Service variables the kubelet puts in a container's environment
# (pkg/kubelet/envvars/envvars.go, kubelet_pods.go getServiceEnvVarMap): kubernetes's always,
# and those of every Service with a ClusterIP in the pod's namespace that existed when the
# container started, unless enableServiceLinks is false. A variable the container sets
# itself wins, and $(VAR) may name a Service variable. Headless Services give none.
kubectl create namespace shop
kubectl apply -n shop -f - <<'EOF2'
apiVersion: v1
kind: Service
metadata:
  name: my-web
spec:
  selector:
    app: web
  ports:
  - name: http
    port: 80
    targetPort: 8080
  - name: metrics
    port: 9090
---
apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  selector:
    app: db
  ports:
  - port: 5432
---
apiVersion: v1
kind: Pod
metadata:
  name: linked
spec:
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
    env:
    - name: MY_WEB_SERVICE_PORT
      value: "override"
    - name: API
      value: "https://$(KUBERNETES_SERVICE_HOST):$(KUBERNETES_SERVICE_PORT)"
---
apiVersion: v1
kind: Pod
metadata:
  name: unlinked
spec:
  enableServiceLinks: false
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
EOF2
sleep 5
kubectl exec -n shop linked -- env
kubectl exec -n shop unlinked -- env
kubectl apply -n shop -f - <<EOF2
apiVersion: v1
kind: Service
metadata:
  name: late
spec:
  ports:
  - port: 1234
EOF2
kubectl exec -n shop linked -- sh -c 'echo "late: ${LATE_SERVICE_HOST:-unset}"'
