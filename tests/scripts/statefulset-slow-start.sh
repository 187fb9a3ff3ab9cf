# A Parallel StatefulSet processes its replicas through `slowStartBatch` (`runForAll` in
# stateful_set_control.go: batches of 1, 2, 4 … up to MaxBatchSize 500), a batch with an error
# ending the sync. A validating webhook whose Service does not exist refuses every pod: each
# sync tries web-0 only, records `recordPodEvent`'s FailedCreate ("create Pod web-0 in
# StatefulSet web failed error: …") and is requeued rate-limited. Once the webhook is gone the
# next sync creates web-0, then web-1 and web-2, then web-3 and web-4.
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
kind: StatefulSet
metadata:
  name: web
spec:
  replicas: 5
  podManagementPolicy: Parallel
  serviceName: web
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers: [{name: nginx, image: nginx:1.27}]
EOF
sleep 5
kubectl get sts web
kubectl get events --field-selector involvedObject.kind=StatefulSet -o custom-columns=REASON:.reason,COUNT:.count,MESSAGE:.message
kubectl delete validatingwebhookconfiguration gone
sleep 20
kubectl get sts web
kubectl get events --field-selector involvedObject.kind=StatefulSet,reason=SuccessfulCreate
