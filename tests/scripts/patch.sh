# kubectl patch (pkg/cmd/patch/patch.go) and how kube-apiserver applies each patch type
# (apiserver handlers/patch.go): a strategic merge patch (the default) merges containers by
# their name; the same body as a JSON merge patch replaces the list; a JSON patch addresses
# list items by position. A patch that changes nothing is not written and says so.
kubectl create deployment web --image=nginx:1.27 --replicas=2
sleep 10
kubectl patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.28"}]}}}}'
kubectl get deployment web -o jsonpath='{.spec.template.spec.containers[*].image} {.metadata.generation}{"\n"}'
kubectl patch deployment web --type merge -p '{"spec":{"replicas":3}}'
kubectl patch deployment web --type merge -p '{"spec":{"replicas":3}}'
kubectl patch deployment web --type=json -p '[{"op":"replace","path":"/spec/template/spec/containers/0/image","value":"nginx:1.29"},{"op":"add","path":"/metadata/labels/tier","value":"front"}]'
kubectl get deployment web --show-labels
kubectl patch deploy/web -p $'spec:\n  minReadySeconds: 5' -o jsonpath='{.spec.minReadySeconds}{"\n"}'
kubectl patch node worker-1 -p '{"spec":{"unschedulable":true}}'
kubectl get nodes
kubectl patch node worker-1 -p '{"spec":{"unschedulable":true}}' --dry-run=client
kubectl patch node worker-1 --type merge -p '{"spec":{"unschedulable":null}}'
# A merge patch replaces the container list: the patched pod template loses its other fields.
kubectl patch deployment web --type merge -p '{"spec":{"template":{"spec":{"containers":[{"name":"nginx","image":"nginx:1.27"}]}}}}' --dry-run=server -o jsonpath='{.spec.template.spec.containers}{"\n"}'
# Errors: each in kubectl's or the server's words.
kubectl patch deployment web
kubectl patch deployment web -p '{}' --patch-file p.json
kubectl patch deployment web --type=xml -p '{}'
kubectl patch deployment web -p '{"spec": {'
kubectl patch deployment web --type=json -p '[{"op":"remove","path":"/spec/nothing"}]'
kubectl patch deployment web --type=json -p '{"op":"remove"}'
kubectl patch deployment web -p '{"spec":{"template":{"spec":{"containers":[{"image":"nginx:1.30"}]}}}}'
kubectl patch deployment nope -p '{"spec":{"replicas":1}}'
kubectl patch deployment
# --record (deprecated, still there) writes the command line into kubernetes.io/change-cause,
# which the new ReplicaSet inherits and rollout history shows; edit needs an editor podlife
# does not have.
kubectl set image deployment/web nginx=nginx:1.30 --record
sleep 5
kubectl rollout history deployment/web
kubectl edit deployment web
# kubectl scale over several objects: names, --all, or a label selector (the builder's rules).
kubectl create deployment api --image=nginx:1.27
kubectl label deploy api tier=back
kubectl scale deploy --all --replicas=2
kubectl scale deploy -l tier=back --replicas=3
kubectl scale deploy web -l tier=back --replicas=3
kubectl scale deploy -l tier=none --replicas=3
kubectl scale deploy web api --replicas=1
kubectl scale deploy --replicas=1
