# Services described as kubectl 1.36 prints them (kubectl pkg/describe/describe.go
# describeService, describeEndpointSliceV1, describeEndpoints): the Endpoints line built from
# the Service's EndpointSlices (ready endpoints only, three then "+ N more...", empty while
# none is ready, <none> without a slice), NodePort and traffic policy lines, a headless
# Service without ports. Then kubectl expose (pkg/cmd/expose/expose.go): the selector taken
# from the pod's labels, the ports from its container ports (several: port-1, port-2), its
# errors in kubectl's words; and port-forward, which podlife does not model.
kubectl apply -f - <<EOF
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
    ports:
    - name: http
      containerPort: 80
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
    ports:
    - name: http
      containerPort: 80
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
    ports:
    - name: http
      containerPort: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: web-4
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - name: http
      containerPort: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: slow
  labels:
    app: slow
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    env:
    - name: READY_AFTER_SECONDS
      value: "100000"
    ports:
    - name: http
      containerPort: 8080
    readinessProbe:
      httpGet:
        path: /ready
        port: http
      periodSeconds: 5
---
apiVersion: v1
kind: Pod
metadata:
  name: db
  labels:
    app: db
    tier: backend
spec:
  containers:
  - name: postgres
    image: postgres:17
    env:
    - name: POSTGRES_PASSWORD
      value: example
    ports:
    - containerPort: 5432
  - name: exporter
    image: registry.podlife.dev/app:1.0
    ports:
    - name: metrics
      containerPort: 9187
---
apiVersion: v1
kind: Pod
metadata:
  name: bare
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: worker
  labels:
    app: worker
spec:
  containers:
  - name: busybox
    image: busybox:1.36
    command: ["sleep", "3600"]
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
  labels:
    app: web
spec:
  selector:
    app: web
  ports:
  - name: http
    port: 80
    targetPort: http
---
apiVersion: v1
kind: Service
metadata:
  name: web-np
spec:
  type: NodePort
  selector:
    app: web
  sessionAffinity: ClientIP
  ports:
  - port: 8080
    targetPort: 80
---
apiVersion: v1
kind: Service
metadata:
  name: web-headless
spec:
  clusterIP: None
  selector:
    app: web
---
apiVersion: v1
kind: Service
metadata:
  name: slow
spec:
  selector:
    app: slow
  ports:
  - port: 80
    targetPort: http
---
apiVersion: v1
kind: Service
metadata:
  name: nobody
spec:
  selector:
    app: nobody
  ports:
  - port: 80
EOF
kubectl create namespace shop
kubectl apply -n shop -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: manual
spec:
  ports:
  - name: pg
    port: 5432
EOF
sleep 20
kubectl get pods -o wide
kubectl describe svc web
kubectl describe service web-np
kubectl describe services web-headless slow
kubectl describe svc nobody
kubectl describe svc -n shop
kubectl get endpointslices
kubectl describe endpointslice web-wbr5z
kubectl describe endpointslices nobody-pfk7z slow-b48b8
kubectl describe endpointslices -n shop
kubectl describe endpoints web
kubectl describe endpoints slow
kubectl describe endpoints -n shop
kubectl expose pod db
kubectl expose pod web-1 --port=80 --target-port=http --name=web-1 --type=NodePort
kubectl expose pod slow --port=80 --name=slow-preview --dry-run=client -o yaml
kubectl expose pod bare
kubectl expose pod bare --port=80 --selector=app=web --name=via-selector -l team=a,env=dev
kubectl expose pod worker
kubectl expose pod worker --cluster-ip=None
kubectl expose node worker-1
kubectl expose pod web-2 --port=http
kubectl expose pod web-2 --session-affinity=Sticky
kubectl expose pod missing --port=80
kubectl expose pod
kubectl expose
kubectl expose svc web --name=web-copy
sleep 2
kubectl describe svc db web-copy
kubectl get svc
kubectl port-forward svc/web 8080:80
