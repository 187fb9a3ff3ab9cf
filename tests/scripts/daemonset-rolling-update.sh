# A DaemonSet's RollingUpdate with maxUnavailable 1 (pkg/controller/daemon/update.go): a new
# ControllerRevision for the new template, then one old pod deleted at a time; the node gets
# its new pod only once the old one is gone, and the next old pod goes when the new one is
# available. Then `kubectl drain --ignore-daemonsets` evicts everything but the daemon pod.
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  updateStrategy:
    type: RollingUpdate
    rollingUpdate: {maxUnavailable: 1}
  template:
    metadata: {labels: {app: agent}}
    spec:
      tolerations:
      - {key: node-role.kubernetes.io/control-plane, operator: Exists, effect: NoSchedule}
      terminationGracePeriodSeconds: 5
      containers: [{name: agent, image: nginx:1.27}]
YAML
kubectl rollout status daemonset/agent
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.nodeName}{"\t"}{.metadata.labels.controller-revision-hash}{"\t"}{.metadata.labels.pod-template-generation}{"\n"}{end}'
kubectl set image daemonset/agent agent=nginx:1.28
kubectl rollout status daemonset/agent
kubectl get ds agent -o wide
kubectl get pods -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.nodeName}{"\t"}{.metadata.labels.controller-revision-hash}{"\t"}{.metadata.labels.pod-template-generation}{"\n"}{end}'
kubectl get controllerrevisions
kubectl get events --field-selector involvedObject.kind=DaemonSet
kubectl create deployment web --image=nginx:1.27 --replicas=2
kubectl rollout status deployment/web
kubectl drain worker-1
kubectl drain worker-1 --ignore-daemonsets
kubectl get pods -o wide
kubectl get ds agent
