# pkg/apis/networking/validation: NetworkPolicy, Ingress and IngressClass errors as kube-apiserver
# words them, and the defaults (policyTypes, port protocol, parameters scope).
kubectl apply -f - <<'X'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: bad
spec:
  podSelector: {}
  ingress:
  - ports:
    - protocol: ICMP
      port: 70000
    - port: 80
      endPort: 79
    - port: http
      endPort: 90
    from:
    - {}
    - ipBlock:
        cidr: 10.0.0.0/16
        except:
        - 10.1.0.0/24
        - 10.0.0.0/8
      podSelector: {}
    - ipBlock:
        cidr: 10.0.0.1/16
  policyTypes:
  - Ingress
  - Sideways
X
kubectl apply -f - <<'X'
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: defaulted
spec:
  podSelector: {}
  egress:
  - ports:
    - port: 53
X
kubectl get networkpolicy defaulted -o jsonpath='{.spec.policyTypes} {.spec.egress[0].ports}{"\n"}'
kubectl apply -f - <<'X'
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: empty
spec: {}
X
kubectl apply -f - <<'X'
apiVersion: networking.k8s.io/v1
kind: Ingress
metadata:
  name: bad
  annotations:
    kubernetes.io/ingress.class: other
spec:
  ingressClassName: Bad_Class
  tls:
  - hosts: ["*bad.example.com"]
    secretName: Secret_Name
  rules:
  - host: 10.0.0.1
    http:
      paths:
      - path: /a
        backend:
          service:
            name: svc
            port:
              number: 80
      - path: foo//bar/.
        pathType: Prefix
        backend:
          service:
            name: svc
            port:
              number: 80
              name: http
      - path: /x
        pathType: Regex
        backend:
          resource:
            kind: Bucket
            name: b
          service:
            name: svc
            port:
              number: 80
  - host: "*.foo.com"
    http:
      paths:
      - path: /
        pathType: Exact
        backend: {}
      - path: /p
        pathType: ImplementationSpecific
        backend:
          service:
            name: Svc_1
X
kubectl apply -f - <<'X'
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: bad
spec:
  controller: nodomain
  parameters:
    kind: ""
    name: a/b
    scope: Namespace
X
kubectl apply -f - <<'X'
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: cluster-params
spec:
  controller: example.com/ingress
  parameters:
    kind: Params
    name: p
    namespace: ns1
X
kubectl apply -f - <<'X'
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: good
spec:
  controller: example.com/ingress
  parameters:
    kind: Params
    name: p
    scope: Namespace
    namespace: ns1
X
kubectl apply -f - <<'X'
apiVersion: networking.k8s.io/v1
kind: IngressClass
metadata:
  name: good
spec:
  controller: example.com/other
  parameters:
    kind: Params
    name: p
    scope: Namespace
    namespace: ns1
X
kubectl get ingressclass
