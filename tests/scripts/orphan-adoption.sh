# A DaemonSet or StatefulSet deleted with --cascade=orphan leaves its pods and
# ControllerRevisions without an owner; created again, it claims them (ClaimPods / ClaimControllerRevisions in
# pkg/controller/controller_ref_manager.go): an ownerReferences patch each, no new pods, and
# the old revision is its history again.
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec: {containers: [{name: agent, image: nginx:1.27}]}
YAML
sleep 10
kubectl get pods -l app=agent -o wide
kubectl delete daemonset agent --cascade=orphan
sleep 2
kubectl get pods -l app=agent -o jsonpath='{range .items[*]}{.metadata.name} owners={.metadata.ownerReferences[*].name}{"\n"}{end}'
kubectl get controllerrevisions
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec: {containers: [{name: agent, image: nginx:1.27}]}
YAML
sleep 5
kubectl get pods -l app=agent -o jsonpath='{range .items[*]}{.metadata.name} owners={.metadata.ownerReferences[*].name}{"\n"}{end}'
kubectl get ds agent
kubectl rollout history ds/agent
# The same for a StatefulSet: its pods are members by name (isMemberOf) as well as by labels.
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  replicas: 2
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: db, image: nginx:1.27}]}
YAML
sleep 15
kubectl delete statefulset db --cascade=orphan
sleep 2
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: db}
spec:
  replicas: 2
  serviceName: db
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec: {containers: [{name: db, image: nginx:1.27}]}
YAML
sleep 5
kubectl get pods -l app=db -o jsonpath='{range .items[*]}{.metadata.name} owners={.metadata.ownerReferences[*].name} age={.metadata.creationTimestamp}{"\n"}{end}'
kubectl get sts db
kubectl rollout history sts/db
