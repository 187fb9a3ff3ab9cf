# A StatefulSet under OrderedReady creates web-0, waits for it to be Running and Ready, then
# web-1, and so on: a pod that never turns Ready (its readiness probe looks for /tmp/ready)
# stalls the ordinals after it. The same set under Parallel creates every ordinal at once.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  clusterIP: None
  selector: {app: web}
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 3
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: app
        image: busybox:1.36
        command: ["sleep", "3600"]
        readinessProbe:
          exec:
            command: ["cat", "/tmp/ready"]
          periodSeconds: 2
EOF2
sleep 10
kubectl get sts web
kubectl get pods -o wide
kubectl exec web-0 -- touch /tmp/ready
sleep 10
kubectl get pods
kubectl get sts web
kubectl get events --field-selector involvedObject.kind=StatefulSet
kubectl exec web-1 -- touch /tmp/ready
sleep 5
kubectl get pods
kubectl exec web-2 -- touch /tmp/ready
kubectl rollout status statefulset/web --timeout=20s
kubectl get pods
kubectl get controllerrevisions
kubectl get pod web-1 -o yaml
kubectl get sts web -o yaml
kubectl delete sts web
sleep 40
kubectl apply -f - <<EOF2
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: par
spec:
  serviceName: web
  replicas: 3
  podManagementPolicy: Parallel
  selector:
    matchLabels: {app: par}
  template:
    metadata:
      labels: {app: par}
    spec:
      containers:
      - name: app
        image: busybox:1.36
        command: ["sleep", "3600"]
        readinessProbe:
          exec:
            command: ["cat", "/tmp/ready"]
          periodSeconds: 2
EOF2
sleep 10
kubectl get pods
kubectl get sts par -o wide
kubectl rollout status sts/par --timeout=5s
kubectl get events --field-selector involvedObject.name=par
