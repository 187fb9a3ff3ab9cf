# What kube-apiserver writes for fields Go holds as values: a field without `omitempty` is
# encoded even at its zero (StatefulSetStatus.availableReplicas, StatefulSetSpec.serviceName),
# one tagged `omitempty` is left out (kubernetes/api v0.36.3 types.go). kube-controller-manager
# is stopped, so the statuses below are the ones `PrepareForCreate` stores. A binding's empty
# API groups are defaulted (`pkg/apis/rbac/v1/defaults.go`): the role's and a User's to RBAC's.
podlife stop kube-controller-manager
kubectl apply -f - <<'YAML'
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  replicas: 1
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: c
        image: nginx:1.27
---
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      containers:
      - name: c
        image: busybox:1.37
        command: [sleep, infinity]
---
apiVersion: apps/v1
kind: ReplicaSet
metadata:
  name: web
spec:
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: c
        image: nginx:1.27
---
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: read
roleRef:
  kind: ClusterRole
  name: view
subjects:
- kind: User
  name: ana
YAML
kubectl get statefulset db -o jsonpath='{.spec.serviceName}|{.status}{"\n"}'
kubectl get daemonset agent -o jsonpath='{.status}{"\n"}'
kubectl get replicaset web -o jsonpath='{.status}{"\n"}'
kubectl get rolebinding read -o jsonpath='{.roleRef}{"\n"}{.subjects}{"\n"}'
