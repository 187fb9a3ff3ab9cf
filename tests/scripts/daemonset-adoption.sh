# A DaemonSet deleted with --cascade=orphan leaves its pods and ControllerRevision without an
# owner; created again, the DaemonSet claims them (ClaimPods / ClaimControllerRevisions in
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
