kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: app
spec:
  terminationGracePeriodSeconds: 30
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    lifecycle:
      preStop:
        sleep:
          seconds: 10
EOF
sleep 5
kubectl delete pod app --wait=false
sleep 5
kubectl get pod app
kubectl logs app
sleep 7
kubectl get events --field-selector involvedObject.name=app
