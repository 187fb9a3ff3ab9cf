# A partitioned rolling update: with partition 2 of 3 replicas only web-2 moves to the new
# revision (the highest ordinal first); web-0 and web-1 stay on the current one, and
# `rollout status` reports the partitioned roll out complete. Partition 0 then updates web-1,
# then web-0, one at a time (maxUnavailable 1), each after the previous is Running and Ready.
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 3
  updateStrategy:
    rollingUpdate:
      partition: 0
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
EOF
kubectl rollout status sts/web
kubectl get pods --show-labels
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 3
  updateStrategy:
    rollingUpdate:
      partition: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.28
EOF
kubectl rollout status sts/web
kubectl get pods --show-labels
kubectl get controllerrevisions
kubectl get sts web -o jsonpath='{.status}'

kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 3
  updateStrategy:
    rollingUpdate:
      partition: 0
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.28
EOF
kubectl rollout status sts/web
kubectl get pods --show-labels
kubectl get sts web -o wide
kubectl get events --field-selector involvedObject.kind=StatefulSet
