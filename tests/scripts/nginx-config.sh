# nginx reads its configuration at start: the ports come from the `listen` lines of the server
# blocks nginx.conf includes (conf.d/*.conf), and the official image's entrypoint script
# 10-listen-on-ipv6-by-default.sh says what it made of conf.d/default.conf
# (nginxinc/docker-nginx): a ConfigMap's file cannot be modified, a file written in a writable
# volume differs from the packaged one, an empty conf.d has no default.conf.
cat > default.conf <<'CONF'
server {
    listen 8080;
    location / {
        root /usr/share/nginx/html;
        index index.html;
    }
}
CONF
kubectl create configmap conf --from-file=default.conf
cat > pods.yaml <<'Y'
apiVersion: v1
kind: Pod
metadata:
  name: from-configmap
spec:
  containers:
  - name: nginx
    image: nginx:1.29
    volumeMounts:
    - name: conf
      mountPath: /etc/nginx/conf.d
  volumes:
  - name: conf
    configMap:
      name: conf
---
apiVersion: v1
kind: Pod
metadata:
  name: written
spec:
  initContainers:
  - name: write-conf
    image: busybox:1.36
    command: ["sh", "-c", "printf 'server {\\n    listen 8081;\\n    root /usr/share/nginx/html;\\n}\\n' > /conf/default.conf"]
    volumeMounts:
    - name: conf
      mountPath: /conf
  containers:
  - name: nginx
    image: nginx:1.29
    volumeMounts:
    - name: conf
      mountPath: /etc/nginx/conf.d
  volumes:
  - name: conf
    emptyDir: {}
---
apiVersion: v1
kind: Pod
metadata:
  name: empty
spec:
  containers:
  - name: nginx
    image: nginx:1.29
    volumeMounts:
    - name: conf
      mountPath: /etc/nginx/conf.d
  volumes:
  - name: conf
    emptyDir: {}
Y
kubectl apply -f pods.yaml
sleep 15
kubectl get pods
kubectl logs from-configmap
kubectl logs written -c nginx
kubectl logs empty
kubectl run client --image=curlimages/curl:8.18.0 --restart=Never -- sleep 1d
sleep 5
CM=$(kubectl get pod from-configmap -o jsonpath='{.status.podIP}')
W=$(kubectl get pod written -o jsonpath='{.status.podIP}')
E=$(kubectl get pod empty -o jsonpath='{.status.podIP}')
# 8080 answers, 80 is refused (curl -s: no message; -w still writes 000)
kubectl exec client -- curl -s -o /dev/null -w '%{http_code}\n' http://$CM:8080/
kubectl exec client -- curl -s -o /dev/null -w '%{http_code}\n' http://$CM:80/
kubectl exec client -- curl -s -o /dev/null -w '%{http_code}\n' http://$W:8081/
# no server block: nginx runs and listens nowhere
kubectl exec client -- curl -sS http://$E/
