kubectl apply -f web.yaml
sleep 2
kubectl describe node worker-1
kubectl get events --field-selector reason=FailedScheduling
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app: web
spec:
  tolerations:
  - key: dedicated
    operator: Equal
    value: batch
    effect: NoSchedule
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - containerPort: 80
EOF
sleep 6
kubectl get pod web -o wide
kubectl taint nodes worker-2 maintenance=true:NoExecute
sleep 3
kubectl get events --field-selector involvedObject.name=web
kubectl get pods
