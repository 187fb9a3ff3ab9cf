kubectl apply -f api.yaml
kubectl get pods -w
sleep 90
kubectl get pods
sleep 70
kubectl get pod api -o jsonpath='{.status.containerStatuses[0].state.waiting.message}{"\n"}'
kubectl describe pod api
kubectl delete pod api
kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: api
spec:
  containers:
  - name: api
    image: busybox:1.36
    env:
    - name: DATABASE_URL
      value: postgres://db:5432/shop
    command:
    - sh
    - -c
    - |
      echo "api: loading configuration"
      if [ -z "$DATABASE_URL" ]; then
        echo "api: DATABASE_URL is not set" >&2
        exit 1
      fi
      echo "api: connected to $DATABASE_URL"
      exec sleep 3600
EOF
sleep 5
kubectl get pods
