# A DaemonSet's creates go in slow-start batches too (`syncNodes`: at most burstReplicas 250
# a sync, in batches of 1, 2, 4 …, stopping after a batch with a failure; the skipped creates
# lower the expectations). A validating webhook whose Service does not exist (failurePolicy
# Fail) refuses every pod: each sync tries one of the three nodes' pods, records one
# FailedCreate ("Error creating: …") and goes back to its work queue rate-limited (5 ms
# doubling). Once the webhook is gone the next sync creates the three pods, 1 then 2.
kubectl apply -f - <<EOF
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: gone
webhooks:
- name: gone.pods.example.com
  clientConfig:
    service:
      name: no-such-service
      namespace: default
      path: /validate
  rules:
  - operations: ["CREATE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
  namespaceSelector:
    matchExpressions:
    - {key: kubernetes.io/metadata.name, operator: In, values: [default]}
  sideEffects: None
  admissionReviewVersions: ["v1"]
  failurePolicy: Fail
EOF
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: DaemonSet
metadata:
  name: agent
spec:
  selector:
    matchLabels: {app: agent}
  template:
    metadata:
      labels: {app: agent}
    spec:
      tolerations: [{operator: Exists}]
      containers: [{name: agent, image: nginx:1.27}]
EOF
sleep 5
kubectl get ds agent
kubectl get events --field-selector involvedObject.kind=DaemonSet -o custom-columns=REASON:.reason,COUNT:.count,MESSAGE:.message
kubectl delete validatingwebhookconfiguration gone
sleep 20
kubectl get ds agent
kubectl get events --field-selector involvedObject.kind=DaemonSet,reason=SuccessfulCreate
