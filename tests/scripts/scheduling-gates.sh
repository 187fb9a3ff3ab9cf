# Pod scheduling gates: a pod created with gates is PodScheduled=False/SchedulingGated
# (pkg/registry/core/pod/strategy.go applySchedulingGatedCondition) and kept out of the
# scheduler's activeQ by the SchedulingGates PreEnqueue plugin; gates may only be removed
# (validateOnlyDeletedSchedulingGates), and the pod schedules once they are gone.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: gated
spec:
  schedulingGates:
  - name: example.com/quota
  - name: example.com/arch
  containers:
  - name: app
    image: nginx:1.27
EOF
sleep 3
kubectl get pods -o wide
kubectl describe pod gated
kubectl get pod gated -o jsonpath='{.status.conditions}'
echo
kubectl get events --field-selector involvedObject.name=gated
# Adding a gate is refused; so is a gate that is not a qualified name.
kubectl patch pod gated --type=json -p '[{"op":"add","path":"/spec/schedulingGates/-","value":{"name":"example.com/another"}}]'
kubectl patch pod gated --type=json -p '[{"op":"replace","path":"/spec/schedulingGates/0/name","value":"Bad Gate"}]'
# One gate removed: still gated.
kubectl patch pod gated --type=json -p '[{"op":"remove","path":"/spec/schedulingGates/0"}]'
sleep 3
kubectl get pods -o wide
# The last gate removed: scheduled and started.
kubectl patch pod gated --type=json -p '[{"op":"remove","path":"/spec/schedulingGates"}]'
sleep 5
kubectl get pods -o wide
kubectl get pod gated -o jsonpath='{.metadata.generation} {.status.conditions[?(@.type=="PodScheduled")]}'
echo
# A pod created without gates cannot get one.
kubectl patch pod gated --type=json -p '[{"op":"add","path":"/spec/schedulingGates","value":[{"name":"example.com/late"}]}]'
# Gates on create must be qualified names and unique.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: bad-gates
spec:
  schedulingGates:
  - name: example.com/quota
  - name: example.com/quota
  - name: "-nope"
  containers:
  - name: app
    image: nginx:1.27
EOF
