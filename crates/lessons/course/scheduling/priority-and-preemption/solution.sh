kubectl get priorityclasses
kubectl get pods -o wide
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: vip
spec:
  priorityClassName: high
  containers:
  - name: shop
    image: nginx:1.27
    resources:
      requests:
        cpu: "1"
EOF
sleep 2
kubectl get pods -o wide
kubectl get events --field-selector reason=Preempted
kubectl get pod batch -o jsonpath='{.status.conditions[?(@.type=="DisruptionTarget")].message}{"\n"}'
sleep 35
kubectl get pods -o wide
