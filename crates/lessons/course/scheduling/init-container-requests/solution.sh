kubectl apply -f app.yaml
sleep 2
kubectl describe pod app
kubectl delete pod app
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  initContainers:
  - name: migrate
    image: busybox:1.36
    command: ["sh", "-c", "echo migrating the schema; sleep 2"]
    resources:
      requests:
        cpu: "1"
  containers:
  - name: web
    image: nginx:1.27
    resources:
      requests:
        cpu: 500m
EOF
sleep 10
kubectl get pod app -o wide
kubectl describe node worker-1
