# Workload specs kube-apiserver refuses (pkg/apis/apps/validation: ValidateDeploymentSpec's
# strategy and deadline checks, ValidateStatefulSetSpec's pod management policy).
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: Deployment
metadata: {name: d}
spec:
  replicas: 2
  minReadySeconds: 700
  strategy: {type: RollingUpdate, rollingUpdate: {maxSurge: 0, maxUnavailable: 0}}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: nginx:1.27}]
YAML
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: Deployment
metadata: {name: d2}
spec:
  strategy: {type: Recreate, rollingUpdate: {maxSurge: 1}}
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: c, image: nginx:1.27}]
YAML
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: s}
spec:
  replicas: 1
  podManagementPolicy: Random
  selector: {matchLabels: {app: s}}
  template:
    metadata: {labels: {app: s}}
    spec:
      containers: [{name: c, image: nginx:1.27}]
YAML
