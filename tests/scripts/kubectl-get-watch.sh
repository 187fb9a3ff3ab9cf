# kubectl get -w as kubectl 1.36 prints it (pkg/cmd/get/get.go GetOptions.watch): the list in
# one flush, then each watch event flushed on its own, so an event's row is aligned by itself.
# The watch starts at the list's resourceVersion: nothing created after the list is missed.
# An empty list prints nothing, and the first event brings the header. --output-watch-events
# adds the EVENT column; a field selector turns an object that stops matching into DELETED.
kubectl get pods --output-watch-events
kubectl get pods,svc -w
kubectl create deployment web --image=nginx:1.27 --replicas=2
kubectl get pods -w
sleep 6
kubectl get pods -w --output-watch-events
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: once
spec:
  restartPolicy: Never
  containers:
  - name: c
    image: busybox:1.37
    command: ["sh", "-c", "sleep 3"]
EOF
kubectl get pods --field-selector=status.phase=Running -w --output-watch-events
sleep 10
kubectl get pod once -w -o name
kubectl get pod once nope -w
kubectl get pod nope -w
kubectl get pod nope -w --ignore-not-found
kubectl delete deployment web
kubectl get pods -l app=web --watch-only --output-watch-events
sleep 40
kubectl get pods -w -o json --output-watch-events
kubectl delete pod once --wait=false
kubectl get pod once --watch-only -o yaml --output-watch-events
sleep 1
