# kubectl run -i/--rm in a script: a one-off client pod reaching a Service by name; kubectl's
# attach banner when it attaches to a running pod; a failed pod's exit code; the flag errors.
kubectl apply -f - <<'EOF2'
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
EOF2
sleep 10
kubectl run tmp --image=busybox:1.36 --rm -it --restart=Never -- wget -qO- web
kubectl run tmp2 --image=busybox:1.36 --rm -i --restart=Never -- sh -c 'sleep 3; wget -qO- web'
kubectl run tmp3 --image=busybox:1.36 --rm -i --restart=Never -- sh -c 'exit 3'
kubectl run tmp4 --image=busybox:1.36 --rm --restart=Never -- true
kubectl run tmp5 --image=busybox:1.36 -t -- true
kubectl get pods
