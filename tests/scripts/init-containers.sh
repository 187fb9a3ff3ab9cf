# Two init containers: the first writes a file into a shared emptyDir, the second waits
# with `until nc -z db 5432` for a Service that does not exist yet. The pod stays Init:1/2
# until the Service and a ready postgres behind it appear.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: myapp
  labels:
    app: myapp
spec:
  initContainers:
  - name: init-config
    image: busybox:1.36
    command: ["sh", "-c", "echo configured > /work/config"]
    volumeMounts:
    - name: work
      mountPath: /work
  - name: wait-db
    image: busybox:1.36
    command: ["sh", "-c", "until nc -z db 5432; do echo waiting for db; sleep 2; done"]
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "cat /work/config; sleep 3600"]
    volumeMounts:
    - name: work
      mountPath: /work
  volumes:
  - name: work
    emptyDir: {}
EOF
sleep 10
kubectl get pods
kubectl logs myapp -c wait-db --tail=2
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  selector:
    app: db
  ports:
  - port: 5432
---
apiVersion: v1
kind: Pod
metadata:
  name: db
  labels:
    app: db
spec:
  containers:
  - name: postgres
    image: postgres:17
    env:
    - name: POSTGRES_PASSWORD
      value: example
    readinessProbe:
      exec:
        command: ["pg_isready"]
      periodSeconds: 2
EOF
sleep 5
kubectl get pods
sleep 25
kubectl get pods
kubectl logs myapp
kubectl describe pod myapp
