# page: https://kubernetes.io/docs/tasks/manage-kubernetes-objects/update-api-object-kubectl-patch/
kubectl apply -f https://k8s.io/examples/application/deployment-patch.yaml
sleep 10
# page: two patch-demo pods, 1/1 Running
kubectl get pods --no-headers | awk '{print $2, $3}'
cat > patch-file.yaml <<'EOF'
spec:
  template:
    spec:
      containers:
      - name: patch-demo-ctr-2
        image: redis
EOF
kubectl patch deployment patch-demo --patch-file patch-file.yaml
# page: "the PodSpec in the Deployment has two Containers": redis patch-demo-ctr-2 first, then
# nginx patch-demo-ctr
kubectl get deployment patch-demo --output yaml | sed -n '/^      containers:/,/^      dnsPolicy:/p'
sleep 30
# page: new pods, 2/2 Running (READY and STATUS only: the pod names hang on the template's hash)
kubectl get pods --no-headers | awk '{print $2, $3}'
kubectl get pods -o jsonpath='{range .items[*]}{.spec.containers[*].image}{"\n"}{end}'
cat > patch-file-tolerations.yaml <<'EOF'
spec:
  template:
    spec:
      tolerations:
      - effect: NoSchedule
        key: disktype
        value: ssd
EOF
kubectl patch deployment patch-demo --patch-file patch-file-tolerations.yaml
# page: "the PodSpec in the Deployment has only one Toleration" (replaced, not merged)
kubectl get deployment patch-demo --output yaml | sed -n '/^      tolerations:/,$p' | head -5
cat > patch-file-2.yaml <<'EOF'
spec:
  template:
    spec:
      containers:
      - name: patch-demo-ctr-3
        image: gcr.io/google-samples/node-hello:1.0
EOF
kubectl patch deployment patch-demo --type merge --patch-file patch-file-2.yaml
# page: "your list of one Container replaced the existing containers list"
kubectl get deployment patch-demo -o jsonpath='{range .spec.template.spec.containers[*]}{.name} {.image}{"\n"}{end}'
sleep 30
# page: new pods, 1/1
kubectl get pods --no-headers | awk '{print $2, $3}'
# Use strategic merge patch to update a Deployment using the retainKeys strategy
kubectl apply -f https://k8s.io/examples/application/deployment-retainkeys.yaml
cat > patch-file-no-retainkeys.yaml <<'EOF'
spec:
  strategy:
    type: Recreate
EOF
# page: `The Deployment "retainkeys-demo" is invalid: spec.strategy.rollingUpdate: Forbidden: may
# not be specified when strategy `type` is 'Recreate'`
kubectl patch deployment retainkeys-demo --type merge --patch-file patch-file-no-retainkeys.yaml
cat > patch-file-retainkeys.yaml <<'EOF'
spec:
  strategy:
    $retainKeys:
    - type
    type: Recreate
EOF
kubectl patch deployment retainkeys-demo --patch-file patch-file-retainkeys.yaml
# page: "the strategy object in the Deployment does not contain the rollingUpdate key anymore"
kubectl get deployment retainkeys-demo --output yaml | sed -n '/^  strategy:/,/^  template:/p'
# Alternate forms: the same patch inline, YAML and JSON
kubectl patch deployment patch-demo --patch '{"spec": {"template": {"spec": {"containers": [{"name": "patch-demo-ctr-2","image": "redis"}]}}}}'
kubectl get deployment patch-demo -o jsonpath='{range .spec.template.spec.containers[*]}{.name} {.image}{"\n"}{end}'
# Use kubectl patch with --subresource (deployment-subresource.yaml: the page's newer section,
# not in the index's copy of the page; kubectl's own example of --subresource)
kubectl apply -f https://k8s.io/examples/application/deployment-subresource.yaml
sleep 10
kubectl get pods -l app=nginx --no-headers | wc -l
# the scale subresource: kubectl prints the Scale object it got back (upstream:
# "scale.autoscaling/subresource-demo patched"), then spec.replicas 3 and three pods
kubectl patch deployment subresource-demo --subresource='scale' --type='merge' -p '{"spec":{"replicas":3}}'
sleep 10
kubectl get pods -l app=nginx --no-headers | wc -l
kubectl get deployment subresource-demo -o jsonpath='{.spec.replicas}{"\n"}'
