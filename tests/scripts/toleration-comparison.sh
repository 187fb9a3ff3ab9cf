# Numeric toleration operators (KEP-5471), with TaintTolerationComparisonOperators on as kind's
# featureGates: would: Gt tolerates a taint whose value is greater than the toleration's, Lt one
# whose value is less (component-helpers scheduling/corev1 helpers.go compareNumericValues); both
# values must be decimal integers in canonical form (ValidateTolerations, content.IsDecimalInteger).
podlife feature-gates TaintTolerationComparisonOperators=true
kubectl taint nodes worker-1 sla=950:NoSchedule
kubectl taint nodes worker-2 sla=800:NoSchedule
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: gold
spec:
  tolerations:
  - key: sla
    operator: Gt
    value: "900"
    effect: NoSchedule
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: bronze
spec:
  tolerations:
  - key: sla
    operator: Lt
    value: "900"
    effect: NoSchedule
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
---
apiVersion: v1
kind: Pod
metadata:
  name: platinum
spec:
  tolerations:
  - key: sla
    operator: Gt
    value: "990"
    effect: NoSchedule
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
YAML
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: bad-values
spec:
  tolerations:
  - key: sla
    operator: Gt
    value: "0950"
  - key: sla
    operator: Lt
    value: high
  - key: sla
    operator: Lt
    value: "99999999999999999999"
  containers:
  - name: app
    image: busybox:1.36
YAML
sleep 5
kubectl get pods -o wide
kubectl describe pod platinum | tail -4
