# When pod creates fail, a ReplicaSet does not send all of them: `slowStartBatch` sends a
# sync's creates in batches of 1, 2, 4, 8 … and stops after the first batch with a failure,
# lowering its expectations for the creates it skipped. Here a validating webhook whose
# Service does not exist (failurePolicy Fail) refuses every pod: each sync tries one create,
# records one FailedCreate, and goes back to the work queue with its rate limiter's growing
# delay (5 ms doubling) — not ten refused creates a sync. Once the webhook is gone the next
# sync creates the missing pods, 1 + 2 + 4 + 3.
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
kubectl create deployment web --image=nginx:1.27 --replicas=10
sleep 5
kubectl get rs
kubectl get events --field-selector involvedObject.kind=ReplicaSet -o custom-columns=REASON:.reason,COUNT:.count,MESSAGE:.message
kubectl delete validatingwebhookconfiguration gone
sleep 20
kubectl get rs
kubectl get events --field-selector involvedObject.kind=ReplicaSet,reason=SuccessfulCreate
