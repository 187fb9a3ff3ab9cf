# `-f FILE` for objects already in the cluster: `get`, `describe`, `wait`, `label`, `annotate`,
# `scale`, `patch`, `set image`, `rollout`
# and `delete` read the
# objects a file names and act on them as the API has them now (cli-runtime's resource builder:
# `visitByPaths`, `RetrieveLatest`, `RequireNamespace`; kubectl's `get.go`, `describe.go`,
# `wait.go`). A file's objects print in runs of one kind, named by kind when kinds mix; a
# missing one is an error after what was found, and a single-file `-o yaml` or `-o name`
# (`singleItemImplied`) prints nothing but the error then; stdin always gives a List. Resource
# arguments beside `-f` are refused before anything is read (a second file named without its
# own `-f` counts as one), and with an explicit `-n` an object the file places elsewhere is
# refused, by `apply`, `create` and `delete` too.
cat > app.yaml <<'Y'
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
---
apiVersion: v1
kind: Pod
metadata:
  name: worker
spec:
  containers:
  - name: busybox
    image: busybox:1.36
    command: ["sleep", "3600"]
Y
kubectl apply -f app.yaml
kubectl wait -f app.yaml --for=condition=Ready --timeout=60s
kubectl get -f app.yaml
kubectl get -f app.yaml -o name
kubectl get -f app.yaml -l app=web
kubectl get -f app.yaml -l 'app in (web'
kubectl describe -f app.yaml | grep -E '^(Name|Namespace|Status|Type|IP):'
kubectl delete pod worker
kubectl get -f app.yaml
kubectl get -f app.yaml -o name
kubectl get -f app.yaml --ignore-not-found
# Named objects alike: what was found, then the errors; one name asked for in another format,
# only its error.
kubectl get pods web worker
kubectl get pods web worker -o jsonpath='{.kind} {.items[*].metadata.name}{"\n"}'
kubectl get pod worker -o jsonpath='{.metadata.name}'
kubectl get -f - -o jsonpath='{.kind} {range .items[*]}{.metadata.name} {end}{"\n"}' < app.yaml
kubectl describe -f app.yaml | grep -E '^(Name|Error)'
kubectl wait -f app.yaml --for=condition=Ready --timeout=5s
kubectl label -f app.yaml tier=front
kubectl get -f app.yaml --ignore-not-found -L tier
kubectl annotate -f app.yaml pods note=hello
kubectl get pods -f app.yaml
kubectl get -f app.yaml pod/web
kubectl delete -f app.yaml app.yaml
kubectl describe -f app.yaml pods/web svc
cat > elsewhere.yaml <<'Y'
apiVersion: v1
kind: ConfigMap
metadata:
  name: settings
  namespace: default
data:
  mode: fast
Y
kubectl create namespace other
kubectl apply -f elsewhere.yaml -n other
kubectl create -f elsewhere.yaml -n other
kubectl apply -f elsewhere.yaml -n default
kubectl get -f elsewhere.yaml -n other
kubectl get -f elsewhere.yaml -o yaml | grep -E '^(kind|  name|  namespace):'
kubectl delete -f elsewhere.yaml -n other
kubectl delete -f elsewhere.yaml
kubectl wait -f app.yaml --for=delete --timeout=10s
# The workload commands take -f as well: scale, patch, set image and rollout.
cat > deploy.yaml <<'Y'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: api
spec:
  replicas: 1
  selector:
    matchLabels:
      app: api
  template:
    metadata:
      labels:
        app: api
    spec:
      containers:
      - name: api
        image: nginx:1.27
Y
kubectl apply -f deploy.yaml
kubectl scale --replicas=2 -f deploy.yaml
kubectl patch -f deploy.yaml -p '{"metadata":{"labels":{"team":"core"}}}'
kubectl set image -f deploy.yaml api=nginx:1.28
kubectl rollout status -f deploy.yaml --timeout=90s
kubectl rollout history -f deploy.yaml
kubectl rollout status -f app.yaml
kubectl scale --replicas=3 -f deploy.yaml deployment/api
