# kubectl get -o custom-columns=… and -o custom-columns-file=…: JSONPath columns, <none> for
# what is missing, several values joined with commas, Go's printing of maps and lists.
kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels: {app: web, tier: frontend}
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports: [{containerPort: 80}]
    resources:
      requests: {cpu: 100m, memory: 64Mi}
  - name: log
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
EOF
sleep 8
kubectl get pods -o custom-columns=NAME:.metadata.name,NODE:.spec.nodeName,IP:.status.podIP,CONTAINERS:.spec.containers[*].name
kubectl get pod web -o custom-columns='NAME:metadata.name,LABELS:{.metadata.labels},PORTS:.spec.containers[*].ports,REQUESTS:.spec.containers[0].resources.requests'
kubectl get pods --no-headers -o custom-columns=NAME:.metadata.name,PHASE:.status.phase,MISSING:.spec.nothing
kubectl get nodes -o custom-columns=NODE:.metadata.name,CIDR:.spec.podCIDR,TAINTS:.spec.taints[*].effect
kubectl get pods,svc -A -o custom-columns=KIND:.kind,NAMESPACE:.metadata.namespace,NAME:.metadata.name
kubectl get pods -n kube-public -o custom-columns=NAME:.metadata.name
printf 'NAME   IMAGE\n.metadata.name   .spec.containers[0].image\n' > columns.txt
kubectl get pods -o custom-columns-file=columns.txt
kubectl get pods -o custom-columns
kubectl get pods -o custom-columns=NAME
kubectl get pods -o custom-columns=NAME:{.a}{.b}
kubectl get pods -o custom-columns-file=nope.txt
printf 'A B\n.a\n' > bad.txt
kubectl get pods -o custom-columns-file=bad.txt
