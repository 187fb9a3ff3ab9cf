# Images that cannot be run: a tag that does not exist (ErrImagePull, then ImagePullBackOff
# with the image back-off doubling from 10 s), a repository that does not exist,
# `imagePullPolicy: Never` with an image the node lacks (ErrImageNeverPull), and a name that
# does not parse (InvalidImageName).
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: badtag
spec:
  containers:
  - name: web
    image: nginx:1.99
---
apiVersion: v1
kind: Pod
metadata:
  name: norepo
spec:
  containers:
  - name: app
    image: example/no-such-app:1.0
---
apiVersion: v1
kind: Pod
metadata:
  name: neverpull
spec:
  containers:
  - name: app
    image: redis:7
    imagePullPolicy: Never
---
apiVersion: v1
kind: Pod
metadata:
  name: badname
spec:
  containers:
  - name: app
    image: Nginx:latest
EOF
sleep 5
kubectl get pods
sleep 30
kubectl get pods
sleep 60
kubectl get pods
kubectl describe pod badtag
kubectl logs badtag
kubectl get events --field-selector involvedObject.name=norepo
kubectl get events --field-selector involvedObject.name=neverpull
kubectl get events --field-selector involvedObject.name=badname
