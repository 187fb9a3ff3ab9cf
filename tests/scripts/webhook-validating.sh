# Validating admission webhooks. The webhook server: agnhost's `webhook` subcommand (kubernetes' e2e admission webhook
# server, test/images/agnhost/webhook) serving HTTPS on 8443 with a certificate for
# webhook.default.svc; the configurations below trust its CA through caBundle. The same
# manifests work on a real cluster.
kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Secret
metadata:
  name: webhook-tls
type: kubernetes.io/tls
stringData:
  tls.crt: |
    -----BEGIN CERTIFICATE-----
    MIIB2jCCAX+gAwIBAgIUH6KvzWkLaJ3ymVfBah4XzWUK0u4wCgYIKoZIzj0EAwIw
    HTEbMBkGA1UEAwwScG9kbGlmZS13ZWJob29rLWNhMB4XDTI2MTIwMTE1MTEwM1oX
    DTM2MTEyODE1MTEwM1owHjEcMBoGA1UEAwwTd2ViaG9vay5kZWZhdWx0LnN2YzBZ
    MBMGByqGSM49AgEGCCqGSM49AwEHA0IABF7uNMwzhumglKo33Pi7KXk5h/KUTsix
    cDUbpR5m2GNawVh5OWi17zYYQJikuf3QoZCdKL74RNIP9r0jmPlPq+6jgZswgZgw
    QQYDVR0RBDowOIITd2ViaG9vay5kZWZhdWx0LnN2Y4Ihd2ViaG9vay5kZWZhdWx0
    LnN2Yy5jbHVzdGVyLmxvY2FsMBMGA1UdJQQMMAoGCCsGAQUFBwMBMB0GA1UdDgQW
    BBQsTT2PhYrNA0sllJAgQzBELWlGWDAfBgNVHSMEGDAWgBSe6/fRDZrrNPMU/alp
    U+OkDUKjTjAKBggqhkjOPQQDAgNJADBGAiEAp1MHViL+PrDLs6BaSJzK4vDFlxlm
    UeHbgOInxwVqweICIQCbKI/rc/PIg7SeYZMspGKqcge0/vtJHTSfErtxlkv0JQ==
    -----END CERTIFICATE-----
  tls.key: |
    -----BEGIN PRIVATE KEY-----
    MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgTSBJ3LhsBlez22K+
    d4pZ6RC0B8TUZEkgNEKIvf1tMnuhRANCAARe7jTMM4bpoJSqN9z4uyl5OYfylE7I
    sXA1G6UeZthjWsFYeTlote82GECYpLn90KGQnSi++ETSD/a9I5j5T6vu
    -----END PRIVATE KEY-----
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: webhook
spec:
  replicas: 1
  selector:
    matchLabels: {app: webhook}
  template:
    metadata:
      labels: {app: webhook}
    spec:
      containers:
      - name: webhook
        image: registry.k8s.io/e2e-test-images/agnhost:2.53
        args: ["webhook", "--tls-cert-file=/certs/tls.crt", "--tls-private-key-file=/certs/tls.key", "--port=8443"]
        ports:
        - containerPort: 8443
        volumeMounts:
        - {name: certs, mountPath: /certs, readOnly: true}
      volumes:
      - name: certs
        secret:
          secretName: webhook-tls
---
apiVersion: v1
kind: Service
metadata:
  name: webhook
spec:
  selector: {app: webhook}
  ports:
  - port: 443
    targetPort: 8443
EOF
kubectl create namespace guarded
kubectl label namespace guarded policy=deny
sleep 15
kubectl get pods
# Every pod CREATE in a namespace labelled policy=deny is refused by /always-deny; /pods
# refuses pods anywhere that carry the label webhook-e2e-test=webhook-disallow.
kubectl apply -f - <<'EOF'
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: deny-pods
webhooks:
- name: deny.pods.example.com
  clientConfig:
    service:
      name: webhook
      namespace: default
      path: /always-deny
    caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJqekNDQVRXZ0F3SUJBZ0lVZVF1YTVKN0hINmg3UEcrZW9laTdrb0d6alFVd0NnWUlLb1pJemowRUF3SXcKSFRFYk1Ca0dBMVVFQXd3U2NHOWtiR2xtWlMxM1pXSm9iMjlyTFdOaE1CNFhEVEkyTVRJd01URTFNVEV3TWxvWApEVE0yTVRFeU9ERTFNVEV3TWxvd0hURWJNQmtHQTFVRUF3d1NjRzlrYkdsbVpTMTNaV0pvYjI5ckxXTmhNRmt3CkV3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FFVm45YWFQK1g1MStuUGJqaHRXSnRtK3RVbXZUbGVYRDAKUXVOZG5yTU1PRkJKMUF4ZHdqcUZGR2N5MDNuQ25aOVNCMUhRU1NjYTRQaDlSTlExK2cwNUFLTlRNRkV3SFFZRApWUjBPQkJZRUZKN3I5OUVObXVzMDh4VDlxV2xUNDZRTlFxTk9NQjhHQTFVZEl3UVlNQmFBRko3cjk5RU5tdXMwCjh4VDlxV2xUNDZRTlFxTk9NQThHQTFVZEV3RUIvd1FGTUFNQkFmOHdDZ1lJS29aSXpqMEVBd0lEU0FBd1JRSWgKQU9LYVRZZHh2U0l2WHBtaE50amxjbDBrOE9iV01LVi9YWlp2dEtIdjVLUzBBaUJZRDJqMXNya0ZPNWY1MGJMawp4NE1JWkZnRW9odS9yb3l4OFNYNTVNMHVBUT09Ci0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K
  rules:
  - operations: ["CREATE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
  namespaceSelector:
    matchLabels: {policy: deny}
  sideEffects: None
  admissionReviewVersions: ["v1"]
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: pod-policy
webhooks:
- name: pods.policy.example.com
  clientConfig:
    service:
      name: webhook
      namespace: default
      path: /pods
    caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJqekNDQVRXZ0F3SUJBZ0lVZVF1YTVKN0hINmg3UEcrZW9laTdrb0d6alFVd0NnWUlLb1pJemowRUF3SXcKSFRFYk1Ca0dBMVVFQXd3U2NHOWtiR2xtWlMxM1pXSm9iMjlyTFdOaE1CNFhEVEkyTVRJd01URTFNVEV3TWxvWApEVE0yTVRFeU9ERTFNVEV3TWxvd0hURWJNQmtHQTFVRUF3d1NjRzlrYkdsbVpTMTNaV0pvYjI5ckxXTmhNRmt3CkV3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FFVm45YWFQK1g1MStuUGJqaHRXSnRtK3RVbXZUbGVYRDAKUXVOZG5yTU1PRkJKMUF4ZHdqcUZGR2N5MDNuQ25aOVNCMUhRU1NjYTRQaDlSTlExK2cwNUFLTlRNRkV3SFFZRApWUjBPQkJZRUZKN3I5OUVObXVzMDh4VDlxV2xUNDZRTlFxTk9NQjhHQTFVZEl3UVlNQmFBRko3cjk5RU5tdXMwCjh4VDlxV2xUNDZRTlFxTk9NQThHQTFVZEV3RUIvd1FGTUFNQkFmOHdDZ1lJS29aSXpqMEVBd0lEU0FBd1JRSWgKQU9LYVRZZHh2U0l2WHBtaE50amxjbDBrOE9iV01LVi9YWlp2dEtIdjVLUzBBaUJZRDJqMXNya0ZPNWY1MGJMawp4NE1JWkZnRW9odS9yb3l4OFNYNTVNMHVBUT09Ci0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K
  rules:
  - operations: ["CREATE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
  objectSelector:
    matchExpressions:
    - key: webhook-e2e-test
      operator: Exists
  sideEffects: None
  admissionReviewVersions: ["v1"]
EOF
kubectl get validatingwebhookconfigurations
kubectl describe validatingwebhookconfiguration deny-pods
kubectl run nginx --image=nginx:1.27 -n guarded
kubectl apply -n guarded -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: web
    image: nginx:1.27
EOF
kubectl run nginx --image=nginx:1.27 -n guarded --dry-run=server
kubectl run nginx --image=nginx:1.27
kubectl run bad --image=nginx:1.27 --labels=webhook-e2e-test=webhook-disallow
# A controller's creates are refused too: the ReplicaSet records FailedCreate and retries
# with back-off.
kubectl create deployment blocked --image=nginx:1.27 -n guarded
sleep 10
kubectl get deployment,replicaset -n guarded
kubectl get events -n guarded
# A webhook's own reason, when it gives no message, is what kubectl shows in parentheses.
kubectl apply -f - <<'EOF'
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: configmap-policy
webhooks:
- name: configmaps.policy.example.com
  clientConfig:
    service:
      name: webhook
      namespace: default
      path: /configmaps
    caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJqekNDQVRXZ0F3SUJBZ0lVZVF1YTVKN0hINmg3UEcrZW9laTdrb0d6alFVd0NnWUlLb1pJemowRUF3SXcKSFRFYk1Ca0dBMVVFQXd3U2NHOWtiR2xtWlMxM1pXSm9iMjlyTFdOaE1CNFhEVEkyTVRJd01URTFNVEV3TWxvWApEVE0yTVRFeU9ERTFNVEV3TWxvd0hURWJNQmtHQTFVRUF3d1NjRzlrYkdsbVpTMTNaV0pvYjI5ckxXTmhNRmt3CkV3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FFVm45YWFQK1g1MStuUGJqaHRXSnRtK3RVbXZUbGVYRDAKUXVOZG5yTU1PRkJKMUF4ZHdqcUZGR2N5MDNuQ25aOVNCMUhRU1NjYTRQaDlSTlExK2cwNUFLTlRNRkV3SFFZRApWUjBPQkJZRUZKN3I5OUVObXVzMDh4VDlxV2xUNDZRTlFxTk9NQjhHQTFVZEl3UVlNQmFBRko3cjk5RU5tdXMwCjh4VDlxV2xUNDZRTlFxTk9NQThHQTFVZEV3RUIvd1FGTUFNQkFmOHdDZ1lJS29aSXpqMEVBd0lEU0FBd1JRSWgKQU9LYVRZZHh2U0l2WHBtaE50amxjbDBrOE9iV01LVi9YWlp2dEtIdjVLUzBBaUJZRDJqMXNya0ZPNWY1MGJMawp4NE1JWkZnRW9odS9yb3l4OFNYNTVNMHVBUT09Ci0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K
  rules:
  - operations: ["CREATE", "UPDATE", "DELETE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["configmaps"]
  namespaceSelector:
    matchLabels: {policy: deny}
  sideEffects: None
  admissionReviewVersions: ["v1"]
EOF
kubectl create configmap settings -n guarded --from-literal=webhook-e2e-test=webhook-disallow
kubectl create configmap keep -n guarded --from-literal=webhook-e2e-test=webhook-nondeletable
kubectl delete configmap keep -n guarded
kubectl delete validatingwebhookconfiguration deny-pods
kubectl run nginx --image=nginx:1.27 -n guarded
kubectl get pods -A
