kubectl apply -f crash.yaml
sleep 5
kubectl get pods
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: crash-onfailure
spec:
  restartPolicy: OnFailure
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "echo 'app: reading /etc/app/config.yaml'; echo 'app: config file not found' >&2; exit 1"]
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: crash-never
spec:
  restartPolicy: Never
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "echo 'app: reading /etc/app/config.yaml'; echo 'app: config file not found' >&2; exit 1"]
EOF
sleep 30
kubectl get pods
kubectl get pods -o custom-columns=NAME:.metadata.name,POLICY:.spec.restartPolicy,PHASE:.status.phase,RESTARTS:.status.containerStatuses[0].restartCount
