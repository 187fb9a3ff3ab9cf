# `kubectl rollout history` and `rollout undo` for a StatefulSet and a DaemonSet, both read from
# their ControllerRevisions (kubectl pkg/polymorphichelpers/history.go StatefulSetHistoryViewer /
# DaemonSetHistoryViewer, rollback.go StatefulSetRollbacker / DaemonSetRollbacker): the revision
# table with change-causes copied from the object's annotations, one revision's template (its
# tabs printed raw, as printTemplate does), a client dry run, a rollback that patches the
# revision's template back (the controller reuses the old revision under the next number), a
# rollback to the template already running, and the errors.
kubectl create deployment web --image=nginx:1.27
kubectl rollout history statefulset/none
kubectl rollout history rs/x
kubectl rollout undo pod/x
kubectl create -f - <<YAML
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
  annotations: {kubernetes.io/change-cause: "first: nginx 1.27"}
spec:
  serviceName: db
  replicas: 2
  selector: {matchLabels: {app: db}}
  template:
    metadata: {labels: {app: db}}
    spec:
      terminationGracePeriodSeconds: 2
      containers: [{name: nginx, image: "nginx:1.27"}]
YAML
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      terminationGracePeriodSeconds: 2
      containers: [{name: agent, image: nginx:1.27}]
YAML
kubectl rollout status sts/db --timeout=5m
kubectl rollout status ds/agent --timeout=5m
kubectl rollout history sts/db
kubectl rollout undo sts/db
kubectl annotate sts db kubernetes.io/change-cause="second: nginx 1.28"
kubectl set image sts/db nginx=nginx:1.28
kubectl set image ds/agent agent=nginx:1.28
kubectl rollout status sts/db --timeout=5m
kubectl rollout status ds/agent --timeout=5m
kubectl get controllerrevisions
kubectl rollout history statefulset db
kubectl rollout history sts/db --revision=1
kubectl rollout history sts/db --revision=3
kubectl rollout history sts/db --revision=-1
kubectl rollout history daemonset/agent
kubectl rollout history ds/agent --revision=2
kubectl rollout undo sts/db --dry-run=client
kubectl rollout undo sts/db --to-revision=2
kubectl rollout undo sts/db --to-revision=7
kubectl rollout undo sts/db --dry-run=server
kubectl rollout undo sts/db
kubectl rollout status sts/db --timeout=5m
kubectl get pods -l app=db -o jsonpath='{range .items[*]}{.metadata.name}{"\t"}{.spec.containers[0].image}{"\t"}{.metadata.labels.controller-revision-hash}{"\n"}{end}'
kubectl rollout history sts/db
kubectl rollout undo ds/agent --to-revision=1
kubectl rollout status ds/agent --timeout=5m
kubectl rollout history ds/agent
kubectl get controllerrevisions
kubectl rollout undo ds/agent --to-revision=3
kubectl get pods -l app=agent -o wide
kubectl describe controllerrevision db-7dc7c485b8
# rollout restart stamps kubectl.kubernetes.io/restartedAt into the template of a Deployment,
# DaemonSet or StatefulSet (a new revision); pause and resume are for Deployments only, and
# other kinds are refused after they are read (polymorphichelpers' object restarter/pauser).
kubectl rollout restart statefulset/db
kubectl rollout pause ds/agent
kubectl rollout resume statefulset db
kubectl rollout restart pod/db-0
sleep 60
kubectl rollout history sts/db
