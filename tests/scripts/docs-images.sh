# The images kubernetes.io's example manifests name, pulled and run as the pages show them.
# k8s.gcr.io answers with a redirect to registry.k8s.io: the image keeps its old name and
# gets registry.k8s.io's digests. The TCP probe page's goproxy (registry.k8s.io/goproxy:0.1)
# is Ready once its readiness probe connects to 8080 after 15 s, and answers a plain request
# as goproxy does (500, "This is a proxy server…"). hello-app (the load-balancer and ReplicaSet
# pages) answers `Hello, world!`, its version and the pod's hostname. vish/stress -cpus 2
# under a 1-CPU limit uses its limit (the CPU resource page). The StatefulSet tutorial's
# nginx-slim serves on 80 with no docker-entrypoint lines. The ambassador example's socat
# listens on 5432. The seccomp page's http-echo answers its -text. fluentd-elasticsearch
# runs on every node, control plane included; gb-frontend's ReplicaSet counts the bare pod2
# (hello-app 1.0, label tier=frontend) as one of its 3, as the ReplicaSet page shows for
# pod-rs.yaml; etcd 3.5.1-0 passes its gRPC liveness probe.
podlife addon enable metrics-server
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: with-node-affinity
spec:
  containers:
  - name: with-node-affinity
    image: k8s.gcr.io/pause:2.0
---
apiVersion: v1
kind: Pod
metadata:
  name: resize-demo
spec:
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.8
---
apiVersion: v1
kind: Pod
metadata:
  name: test-pod
spec:
  containers:
  - name: pause
    image: registry.k8s.io/pause:3.6
---
apiVersion: v1
kind: Pod
metadata:
  name: goproxy
  labels:
    app.kubernetes.io/name: goproxy
spec:
  containers:
  - name: goproxy
    image: registry.k8s.io/goproxy:0.1
    ports:
    - containerPort: 8080
    readinessProbe:
      tcpSocket:
        port: 8080
      initialDelaySeconds: 15
      periodSeconds: 10
    livenessProbe:
      tcpSocket:
        port: 8080
      initialDelaySeconds: 15
      periodSeconds: 10
---
apiVersion: v1
kind: Pod
metadata:
  name: etcd-with-grpc
spec:
  containers:
  - name: etcd
    image: registry.k8s.io/etcd:3.5.1-0
    command: [ "/usr/local/bin/etcd", "--data-dir",  "/var/lib/etcd", "--listen-client-urls", "http://0.0.0.0:2379", "--advertise-client-urls", "http://127.0.0.1:2379", "--log-level", "debug"]
    ports:
    - containerPort: 2379
    livenessProbe:
      grpc:
        port: 2379
      initialDelaySeconds: 10
EOF2
sleep 10
kubectl get pods
kubectl describe pod with-node-affinity
kubectl get pod resize-demo -o jsonpath='{.status.containerStatuses[0].imageID}{"\n"}'
sleep 20
kubectl get pods goproxy etcd-with-grpc
kubectl get events --field-selector involvedObject.name=goproxy
kubectl run client --image=curlimages/curl --restart=Never --command -- sleep 3600
kubectl wait --for=condition=Ready pod/client
kubectl exec client -- curl -s -w "%{http_code}\n" http://$(kubectl get pod goproxy -o jsonpath='{.status.podIP}'):8080/
kubectl apply -f - <<'EOF2'
apiVersion: apps/v1
kind: Deployment
metadata:
  labels:
    app.kubernetes.io/name: load-balancer-example
  name: hello-world
spec:
  replicas: 5
  selector:
    matchLabels:
      app.kubernetes.io/name: load-balancer-example
  template:
    metadata:
      labels:
        app.kubernetes.io/name: load-balancer-example
    spec:
      containers:
      - image: gcr.io/google-samples/hello-app:2.0
        name: hello-world
        ports:
        - containerPort: 8080
---
apiVersion: v1
kind: Pod
metadata:
  name: pod2
  labels:
    tier: frontend
spec:
  containers:
  - name: hello2
    image: gcr.io/google-samples/hello-app:1.0
EOF2
kubectl expose deployment hello-world --type=LoadBalancer --name=my-service
sleep 10
kubectl get deployment hello-world
kubectl get service my-service
kubectl exec client -- curl -s http://my-service:8080
kubectl exec client -- curl -s http://$(kubectl get pod pod2 -o jsonpath='{.status.podIP}'):8080/
kubectl logs pod2
kubectl create namespace cpu-example
kubectl apply -n cpu-example -f - <<'EOF2'
apiVersion: v1
kind: Pod
metadata:
  name: cpu-demo
  namespace: cpu-example
spec:
  containers:
  - name: cpu-demo-ctr
    image: vish/stress
    resources:
      limits:
        cpu: "1"
      requests:
        cpu: "0.5"
    args:
    - -cpus
    - "2"
EOF2
sleep 60
kubectl get pod cpu-demo -n cpu-example
kubectl top pod cpu-demo -n cpu-example
kubectl logs cpu-demo -n cpu-example
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Service
metadata:
  name: nginx
  labels:
    app.kubernetes.io/name: nginx
spec:
  ports:
  - port: 80
    name: web
  clusterIP: None
  selector:
    app.kubernetes.io/name: nginx
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: "nginx"
  podManagementPolicy: "Parallel"
  replicas: 2
  selector:
    matchLabels:
      app.kubernetes.io/name: nginx
  template:
    metadata:
      labels:
        app.kubernetes.io/name: nginx
    spec:
      containers:
      - name: nginx
        image: registry.k8s.io/nginx-slim:0.24
        ports:
        - containerPort: 80
          name: web
        volumeMounts:
        - name: www
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: www
    spec:
      accessModes: [ "ReadWriteOnce" ]
      resources:
        requests:
          storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: ambassador-sidecar-example
spec:
  initContainers:
  - name: ambassador-sidecar
    image: docker.io/alpine/socat:1.8.0.3
    restartPolicy: Always
    args: ["tcp-listen:5432,fork", "tcp-connect:external-db.example.com:5432"]
    ports:
    - containerPort: 5432
  containers:
  - name: main-app
    image: registry.k8s.io/busybox:1.27.2
    command: ["sh", "-c", "while true; do sleep 3600; done"]
    env:
    - name: DATABASE_URL
      value: "localhost:5432"
---
apiVersion: v1
kind: Pod
metadata:
  name: default-pod
  labels:
    app.kubernetes.io/name: default-pod
spec:
  securityContext:
    seccompProfile:
      type: RuntimeDefault
  containers:
  - name: test-container
    image: hashicorp/http-echo:1.0
    args:
    - "-text=just made some more syscalls!"
    securityContext:
      allowPrivilegeEscalation: false
EOF2
sleep 20
kubectl get pods -l app.kubernetes.io/name=nginx
for i in 0 1; do kubectl exec "web-$i" -- sh -c 'hostname'; done
kubectl logs web-0
kubectl exec client -- curl -s -o /dev/null -w "%{http_code}\n" http://web-0.nginx/
kubectl patch statefulset web --type='json' -p='[{"op": "replace", "path": "/spec/template/spec/containers/0/image", "value":"registry.k8s.io/nginx-slim:0.21"}]'
sleep 30
for p in 0 1; do kubectl get pod "web-$p" -o jsonpath='{.spec.containers[0].image} {.status.containerStatuses[0].imageID}'; echo; done
kubectl get pod ambassador-sidecar-example
kubectl exec client -- sh -c "nc -z -w 2 $(kubectl get pod ambassador-sidecar-example -o jsonpath='{.status.podIP}') 5432 && echo open"
kubectl exec client -- curl -s http://$(kubectl get pod default-pod -o jsonpath='{.status.podIP}'):5678/
kubectl logs default-pod
kubectl apply -f - <<'EOF2'
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: fluentd-elasticsearch
  namespace: kube-system
  labels:
    k8s-app: fluentd-logging
spec:
  selector:
    matchLabels:
      name: fluentd-elasticsearch
  template:
    metadata:
      labels:
        name: fluentd-elasticsearch
    spec:
      tolerations:
      - key: node-role.kubernetes.io/control-plane
        operator: Exists
        effect: NoSchedule
      - key: node-role.kubernetes.io/master
        operator: Exists
        effect: NoSchedule
      containers:
      - name: fluentd-elasticsearch
        image: quay.io/fluentd_elasticsearch/fluentd:v5.0.1
        resources:
          limits:
            memory: 200Mi
          requests:
            cpu: 100m
            memory: 200Mi
        volumeMounts:
        - name: varlog
          mountPath: /var/log
      terminationGracePeriodSeconds: 30
      volumes:
      - name: varlog
        hostPath:
          path: /var/log
---
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: frontend
  labels:
    app.kubernetes.io/name: guestbook
    tier: frontend
spec:
  replicas: 3
  selector:
    matchLabels:
      tier: frontend
  template:
    metadata:
      labels:
        tier: frontend
    spec:
      containers:
      - name: php-redis
        image: us-docker.pkg.dev/google-samples/containers/gke/gb-frontend:v5
EOF2
sleep 30
kubectl get pods -n kube-system -l name=fluentd-elasticsearch -o wide
kubectl get rs frontend
kubectl get pods -l tier=frontend
kubectl get pod etcd-with-grpc
podlife node worker-1 -- crictl images
