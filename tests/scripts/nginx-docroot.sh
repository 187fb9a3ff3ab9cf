# nginx serves its document root: the image's pages, a file another container wrote to an
# emptyDir mounted over the root, 403 for that directory without an index, 404 and 301.
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: plain
spec:
  containers:
  - name: nginx
    image: nginx:1.27
---
apiVersion: v1
kind: Pod
metadata:
  name: two-containers
spec:
  restartPolicy: Never
  volumes:
  - name: shared-data
    emptyDir: {}
  containers:
  - name: nginx-container
    image: nginx:1.27
    volumeMounts:
    - name: shared-data
      mountPath: /usr/share/nginx/html
  - name: debian-container
    image: debian
    volumeMounts:
    - name: shared-data
      mountPath: /pod-data
    command: ["/bin/sh"]
    args: ["-c", "echo Hello from the debian container > /pod-data/index.html"]
---
apiVersion: v1
kind: Pod
metadata:
  name: empty-root
spec:
  volumes:
  - name: www
    emptyDir: {}
  containers:
  - name: nginx
    image: nginx:1.27
    volumeMounts:
    - name: www
      mountPath: /usr/share/nginx/html
YAML
sleep 30
kubectl get pods
kubectl exec plain -- ls /usr/share/nginx/html /etc/nginx
kubectl exec plain -- head -5 /etc/nginx/nginx.conf
kubectl exec plain -- curl -s localhost
kubectl exec plain -- curl -s -o /dev/null -w '%{http_code}\n' localhost/50x.html
kubectl exec plain -- curl -s localhost/missing.html
kubectl exec plain -- sh -c 'mkdir /usr/share/nginx/html/docs && echo docs > /usr/share/nginx/html/docs/index.html && curl -s -i localhost/docs'
kubectl exec plain -- curl -s localhost/docs/
kubectl exec plain -- curl -s -L localhost/docs
kubectl exec two-containers -c nginx-container -- curl -s localhost
kubectl exec empty-root -- curl -s localhost
kubectl exec empty-root -- ls -la /usr/share/nginx/html
