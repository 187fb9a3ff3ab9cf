# A pod's endpoint through its life, as the EndpointSlice controller writes it: not ready while
# its readiness probe fails (ready=false serving=false), ready, then terminating during its
# preStop (ready=false serving=true terminating=true), then gone. Cluster DNS: a Service's
# name, its FQDN, another namespace's short form, a headless Service's ready endpoints and a
# pod's own record by hostname.subdomain; a NodePort on any node's address.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  type: NodePort
  selector:
    app: web
  ports:
  - port: 80
    targetPort: http
    nodePort: 30080
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app: web
spec:
  terminationGracePeriodSeconds: 30
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    env:
    - name: READY_AFTER_SECONDS
      value: "8"
    ports:
    - name: http
      containerPort: 8080
    readinessProbe:
      httpGet:
        path: /ready
        port: http
      periodSeconds: 2
    lifecycle:
      preStop:
        sleep:
          seconds: 5
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
  name: db-0
  labels:
    app: db
spec:
  hostname: db-0
  subdomain: db
  containers:
  - name: postgres
    image: postgres:17
    env:
    - name: POSTGRES_PASSWORD
      value: secret
---
apiVersion: v1
kind: Pod
metadata:
  name: client
  namespace: default
spec:
  containers:
  - name: sh
    image: busybox:1.36
    command: ["sleep", "3600"]
EOF2
sleep 6
kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{range .items[*].endpoints[*]}{.targetRef.name} ready={.conditions.ready} serving={.conditions.serving} terminating={.conditions.terminating}{"\n"}{end}'
sleep 10
kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{range .items[*].endpoints[*]}{.targetRef.name} ready={.conditions.ready} serving={.conditions.serving} terminating={.conditions.terminating}{"\n"}{end}'
kubectl get svc
kubectl get endpointslices
kubectl exec client -- wget -qO- http://web
kubectl exec client -- wget -qO- http://web.default.svc.cluster.local/ready
kubectl exec client -- nc -zv db 5432
kubectl exec client -- nc -zv db-0.db 5432
kubectl exec client -- nc -zv db-0.db.default.svc.cluster.local 5432
kubectl exec client -- nc -zv nosuch 80
kubectl exec client -- wget -qO- http://172.18.0.3:30080/
kubectl delete pod web --wait=false
sleep 1
kubectl get endpointslices -l kubernetes.io/service-name=web -o jsonpath='{range .items[*].endpoints[*]}{.targetRef.name} ready={.conditions.ready} serving={.conditions.serving} terminating={.conditions.terminating}{"\n"}{end}'
sleep 10
kubectl get endpointslices
kubectl exec client -- wget -T 2 -qO- http://web
