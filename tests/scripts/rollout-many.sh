# `kubectl rollout history|undo|pause|resume|restart` on several objects at once, as their
# builder finds them (kubectl 1.36 `pkg/cmd/rollout/rollout_*.go`: `ResourceTypeOrNameArgs(true,
# …)`, `LabelSelectorParam`, `FilenameParam`, `ContinueOnError`): `TYPE NAME…`, a `TYPE` alone
# (every object of it in the namespace, or those `-l` selects), the objects of a `-f` file.
# Each named object is read first (a missing one is an error of the visit); what succeeds
# prints as it goes, the errors come after, one alone with its `error: `, several one per line
# (`MultipleErrors`). The pauser, resumer and restarter name the object in their refusals
# (`deployments.apps "a" is already paused`); a second restart within the same second makes
# an empty patch and is refused; nothing found prints `No resources found in default namespace.`
cat > two.yaml <<'Y'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: a
  labels: {tier: web}
spec:
  replicas: 1
  selector: {matchLabels: {app: a}}
  template:
    metadata: {labels: {app: a}}
    spec:
      containers:
      - name: web
        image: nginx:1.27
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: b
spec:
  replicas: 1
  selector: {matchLabels: {app: b}}
  template:
    metadata: {labels: {app: b}}
    spec:
      containers:
      - name: web
        image: nginx:1.27
Y
kubectl create -f two.yaml
sleep 20
kubectl rollout history -f two.yaml
kubectl rollout restart -f two.yaml
kubectl rollout restart deployment a
sleep 2
kubectl rollout pause deployment a b nope
kubectl rollout pause deployment/a
kubectl rollout restart deployment
kubectl rollout resume deployment -l tier=web
kubectl rollout resume deployment
kubectl rollout undo deployment a nope b
sleep 20
kubectl rollout history deployment
kubectl rollout restart
kubectl rollout restart statefulset
kubectl rollout restart replicaset -l app=a
kubectl rollout restart deployment a -l app=a
kubectl rollout history rs -l app=b --revision=1
