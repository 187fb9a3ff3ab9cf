kubectl apply -f web.yaml
kubectl get pods -w
sleep 20
kubectl logs web -c prepare-pages
kubectl describe pod web | grep -A3 "Last State"
kubectl delete pod web
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  initContainers:
  - name: prepare-pages
    image: busybox:1.36
    command: ["sh", "-c", "echo preparing pages; mkdir -p /pages/site/v1 && echo '<h1>hello</h1>' > /pages/site/v1/index.html && echo pages ready"]
    volumeMounts:
    - name: pages
      mountPath: /pages
  containers:
  - name: web
    image: nginx:1.27
    volumeMounts:
    - name: pages
      mountPath: /usr/share/nginx/html
  volumes:
  - name: pages
    emptyDir: {}
EOF
sleep 10
kubectl get pods
kubectl logs web -c prepare-pages
