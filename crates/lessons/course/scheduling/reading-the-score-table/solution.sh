kubectl get pods -o wide
kubectl apply -f app.yaml
sleep 2
kubectl get pod app -o wide
kubectl delete pod app
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  affinity:
    nodeAffinity:
      preferredDuringSchedulingIgnoredDuringExecution:
      - weight: 1
        preference:
          matchExpressions:
          - key: disk
            operator: In
            values: [ssd]
  containers:
  - name: web
    image: nginx:1.27
    resources:
      requests:
        cpu: 250m
        memory: 256Mi
EOF
sleep 2
kubectl get pod app -o wide
