# Probes and lifecycle hooks belong to containers that keep running: a plain init container
# (no restartPolicy: Always) may set none of them, and kube-apiserver says which, in
# validateInitContainers' order, also for a server-side dry run. A native sidecar may, and
# its probes are checked like a regular container's; host ports must not collide.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: init-with-probe
spec:
  initContainers:
  - name: init
    image: busybox:1.36
    command: ["sh", "-c", "sleep 5"]
    readinessProbe:
      exec: {command: ["true"]}
    livenessProbe:
      exec: {command: ["true"]}
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF
kubectl apply --dry-run=server -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: init-with-hook
spec:
  initContainers:
  - name: init
    image: busybox:1.36
    command: ["sh", "-c", "sleep 5"]
    startupProbe:
      exec: {command: ["true"]}
    lifecycle:
      preStop:
        exec: {command: ["true"]}
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: bad-probes
spec:
  initContainers:
  - name: proxy
    image: busybox:1.36
    restartPolicy: Always
    command: ["sh", "-c", "sleep 3600"]
    startupProbe:
      periodSeconds: 1
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    livenessProbe:
      httpGet: {port: 0, scheme: FTP}
      successThreshold: 2
    readinessProbe:
      tcpSocket: {port: 8080}
      terminationGracePeriodSeconds: 5
    ports:
    - {containerPort: 8080, hostPort: 8080}
  - name: other
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    ports:
    - {containerPort: 9090, hostPort: 8080}
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: sidecar-with-probes
spec:
  initContainers:
  - name: proxy
    image: busybox:1.36
    restartPolicy: Always
    command: ["sh", "-c", "sleep 3600"]
    readinessProbe:
      exec: {command: ["true"]}
    lifecycle:
      preStop:
        exec: {command: ["true"]}
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF
kubectl get pods
