# `kubectl set image` on several objects (kubectl 1.36 `pkg/cmd/set/set_image.go`): the
# objects are read first and any error there ends the command before anything changes
# (`Complete` returns the builder's `Infos()` error); a TYPE alone takes every object only with
# `--all` or `-l`. Each object's pod spec gets the new images (`UpdatePodSpecForObjectFn`: a
# CronJob's is in its job template); one whose spec does not change is not patched and prints
# nothing; a container name no object has is an error after the others are updated; a kind
# without a pod template is refused by name.
cat > two.yaml <<'Y'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: a
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
kubectl create cronjob tick --image=busybox:1.36 --schedule="*/5 * * * *" -- date
kubectl create configmap settings --from-literal=a=b
sleep 5
kubectl set image -f two.yaml web=nginx:1.28
kubectl set image -f two.yaml web=nginx:1.28
kubectl set image deployment web=nginx:1.29
kubectl set image deployment --all web=nginx:1.29
kubectl set image deployment a nope web=nginx:1.30
kubectl get deployments -o jsonpath='{range .items[*]}{.metadata.name} {.spec.template.spec.containers[0].image}{"\n"}{end}'
kubectl set image deployment/a web=nginx:1.30 sidecar=envoy
kubectl set image cronjob/tick tick=busybox:1.37
kubectl get cronjob tick -o jsonpath='{.spec.jobTemplate.spec.template.spec.containers[0].image}{"\n"}'
kubectl set image configmap/settings a=b
kubectl set image deployment/a
kubectl set image web=nginx
kubectl set image deployment/a '*=nginx:1' web=nginx:2
kubectl set image deployment -l app=b --all web=nginx:1.31
