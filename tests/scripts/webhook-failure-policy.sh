# When the webhook cannot answer: a timeout, no endpoints behind its Service, no Service,
# no caBundle. failurePolicy Fail refuses the request (InternalError, the call's own error);
# Ignore lets it through. The webhook server: agnhost's `webhook` subcommand (kubernetes' e2e admission webhook
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
kubectl create namespace checked
kubectl label namespace checked policy=check
sleep 15
# /always-allow-delay-5s answers after five seconds: longer than a 2-second timeout.
kubectl apply -f - <<'EOF'
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: slow
webhooks:
- name: slow.pods.example.com
  clientConfig:
    service:
      name: webhook
      namespace: default
      path: /always-allow-delay-5s
    caBundle: LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJqekNDQVRXZ0F3SUJBZ0lVZVF1YTVKN0hINmg3UEcrZW9laTdrb0d6alFVd0NnWUlLb1pJemowRUF3SXcKSFRFYk1Ca0dBMVVFQXd3U2NHOWtiR2xtWlMxM1pXSm9iMjlyTFdOaE1CNFhEVEkyTVRJd01URTFNVEV3TWxvWApEVE0yTVRFeU9ERTFNVEV3TWxvd0hURWJNQmtHQTFVRUF3d1NjRzlrYkdsbVpTMTNaV0pvYjI5ckxXTmhNRmt3CkV3WUhLb1pJemowQ0FRWUlLb1pJemowREFRY0RRZ0FFVm45YWFQK1g1MStuUGJqaHRXSnRtK3RVbXZUbGVYRDAKUXVOZG5yTU1PRkJKMUF4ZHdqcUZGR2N5MDNuQ25aOVNCMUhRU1NjYTRQaDlSTlExK2cwNUFLTlRNRkV3SFFZRApWUjBPQkJZRUZKN3I5OUVObXVzMDh4VDlxV2xUNDZRTlFxTk9NQjhHQTFVZEl3UVlNQmFBRko3cjk5RU5tdXMwCjh4VDlxV2xUNDZRTlFxTk9NQThHQTFVZEV3RUIvd1FGTUFNQkFmOHdDZ1lJS29aSXpqMEVBd0lEU0FBd1JRSWgKQU9LYVRZZHh2U0l2WHBtaE50amxjbDBrOE9iV01LVi9YWlp2dEtIdjVLUzBBaUJZRDJqMXNya0ZPNWY1MGJMawp4NE1JWkZnRW9odS9yb3l4OFNYNTVNMHVBUT09Ci0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K
  rules:
  - operations: ["CREATE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
  namespaceSelector:
    matchLabels: {policy: check}
  sideEffects: None
  admissionReviewVersions: ["v1"]
  timeoutSeconds: 2
EOF
kubectl run a --image=nginx:1.27 -n checked
kubectl patch validatingwebhookconfiguration slow --type=json -p '[{"op":"replace","path":"/webhooks/0/timeoutSeconds","value":10}]'
kubectl run b --image=nginx:1.27 -n checked
kubectl get pods -n checked
# No endpoints: kube-proxy rejects the connection to the Service's ClusterIP.
kubectl scale deployment webhook --replicas=0
sleep 5
kubectl run c --image=nginx:1.27 -n checked
kubectl patch validatingwebhookconfiguration slow --type=json -p '[{"op":"replace","path":"/webhooks/0/failurePolicy","value":"Ignore"}]'
kubectl run d --image=nginx:1.27 -n checked
kubectl delete service webhook
kubectl patch validatingwebhookconfiguration slow --type=json -p '[{"op":"replace","path":"/webhooks/0/failurePolicy","value":"Fail"}]'
kubectl run e --image=nginx:1.27 -n checked
kubectl delete validatingwebhookconfiguration slow
# Back up, but registered without a caBundle: the server's certificate is not trusted.
kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Service
metadata:
  name: webhook
spec:
  selector: {app: webhook}
  ports:
  - port: 443
    targetPort: 8443
---
apiVersion: admissionregistration.k8s.io/v1
kind: ValidatingWebhookConfiguration
metadata:
  name: no-ca
webhooks:
- name: no-ca.pods.example.com
  clientConfig:
    service:
      name: webhook
      namespace: default
      path: /always-deny
  rules:
  - operations: ["CREATE"]
    apiGroups: [""]
    apiVersions: ["v1"]
    resources: ["pods"]
  namespaceSelector:
    matchLabels: {policy: check}
  sideEffects: None
  admissionReviewVersions: ["v1"]
EOF
kubectl scale deployment webhook --replicas=1
sleep 15
kubectl run f --image=nginx:1.27 -n checked
kubectl get pods -n checked
