# The Job controller's `manageJob` creates in slow-start batches (1, 2, 4 …, at most
# MaxPodCreateDeletePerSync 500 a sync). A validating webhook whose Service does not exist
# refuses every pod: each sync sends one create, records FailedCreate, skips the other three
# (lowering its expectations and the `active` it writes to 0, which the API server,
# like Go's `omitempty`, does not store: the jsonpath prints nothing for it), and the sync's error puts the
# Job back in its queue after the Job controller's API back-off: 1 s, 2 s, 4 s … Once the
# webhook is gone the next of those syncs creates the four pods, 1 + 2 + 1.
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
apiVersion: batch/v1
kind: Job
metadata:
  name: work
spec:
  completions: 4
  parallelism: 4
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: c
        image: busybox:1.36
        command: ["sh", "-c", "echo done"]
EOF
sleep 5
kubectl get job work -o jsonpath='{.status.active} {.status.startTime}{"\n"}'
kubectl get events --field-selector involvedObject.kind=Job -o custom-columns=REASON:.reason,COUNT:.count,MESSAGE:.message
kubectl delete validatingwebhookconfiguration gone
sleep 20
kubectl get job work
kubectl get events --field-selector involvedObject.kind=Job,reason=SuccessfulCreate
