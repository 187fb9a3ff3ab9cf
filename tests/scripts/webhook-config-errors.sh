# What kube-apiserver says about admission configurations it will not store: a webhook name
# that is not fully qualified, no sideEffects, a timeout out of range, no
# admissionReviewVersions, both url and service (ValidateValidatingWebhookConfiguration).
# Admission policies (CEL) and webhook matchConditions are served but not evaluated in
# podlife: creating one is refused with a podlife message rather than accepted and ignored.
kubectl apply -f - <<'EOF2'
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: bad
webhooks:
- name: deny
  clientConfig:
    url: https://deny.example.com/validate
    service:
      name: deny
      namespace: default
  rules:
  - operations: ["CREATE", "*"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
  timeoutSeconds: 45
- name: deny
  clientConfig:
    service:
      name: deny
      namespace: default
      path: validate
  sideEffects: Some
  admissionReviewVersions: ["v2"]
EOF2
kubectl apply -f - <<'EOF2'
apiVersion: admissionregistration.k8s.io/v1
kind: MutatingWebhookConfiguration
metadata:
  name: with-conditions
webhooks:
- name: only-labelled.example.com
  clientConfig:
    service:
      name: mutate
      namespace: default
  rules:
  - operations: ["CREATE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
  matchConditions:
  - name: labelled
    expression: "has(object.metadata.labels)"
  sideEffects: None
  admissionReviewVersions: ["v1"]
EOF2
kubectl apply -f - <<'EOF2'
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingAdmissionPolicy
metadata:
  name: replicas-limit
spec:
  failurePolicy: Fail
  matchConstraints:
    resourceRules:
    - apiGroups: ["apps"]
      apiVersions: ["v1"]
      operations: ["CREATE", "UPDATE"]
      resources: ["deployments"]
  validations:
  - expression: "object.spec.replicas <= 5"
EOF2
kubectl get validatingadmissionpolicies
kubectl get mutatingwebhookconfigurations,validatingwebhookconfigurations
