# A ReplicationController (core/v1): kube-controller-manager's replication-controller loop is the
# ReplicaSet controller over a selector that is a plain map (pkg/controller/replication). The
# selector and the labels default from the template's labels (SetDefaults_ReplicationController);
# validation refuses a selector that does not match the template and any restartPolicy but
# Always (ValidateReplicationControllerSpec).
kubectl apply -f - <<YAML
apiVersion: v1
kind: ReplicationController
metadata:
  name: bad
spec:
  selector: {app: other}
  template:
    metadata:
      labels: {app: web}
    spec:
      restartPolicy: Never
      containers: [{name: web, image: nginx:1.27}]
YAML
kubectl apply -f - <<YAML
apiVersion: v1
kind: ReplicationController
metadata:
  name: web
spec:
  replicas: 2
  template:
    metadata:
      labels: {app: web}
    spec:
      containers: [{name: web, image: nginx:1.27}]
YAML
sleep 10
kubectl get rc -o wide
kubectl get rc web -o jsonpath='{.metadata.labels} {.spec.selector} {.status}{"\n"}'
kubectl scale rc web --replicas=1
sleep 5
kubectl get rc web
kubectl describe rc web
