# Debian's apt in Debian-based images, over podlife's snapshot of deb.debian.org (2026-12-04).
# nginx:1.29 is debian:trixie-slim with nginx.org's packages and curl; its apt lists were
# removed in the image, so before `apt-get update` apt knows only what is installed (curl is
# "already the newest version", procps is "Unable to locate"). apt 3.0.4 without a terminal
# prints apt-get's classic plan; without -y it asks and, with no input, aborts (exit 1) when
# more than the named packages would be installed. The installed tools work in that container
# until it restarts: a new container starts from the image again. debian:bookworm-slim's apt
# 2.6 (`apt` warns that its CLI is unstable, on stderr; bookworm's debconf has no apt-utils);
# trixie's `apt install` lays its plan out in columns. A non-root user cannot take apt's locks;
# a pod whose egress is denied cannot resolve deb.debian.org. `-qq` leaves only dpkg's lines.
# A container command may install what it needs (quietly, without recommends: no ca-certificates).
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata:
  name: web
spec:
  containers:
  - name: nginx
    image: nginx:1.29
---
apiVersion: v1
kind: Pod
metadata:
  name: bookworm
spec:
  containers:
  - name: debian
    image: debian:bookworm-slim
    command: ["sleep", "infinity"]
---
apiVersion: v1
kind: Pod
metadata:
  name: nonroot
spec:
  securityContext:
    runAsUser: 1000
  containers:
  - name: debian
    image: debian:trixie
    command: ["sleep", "infinity"]
---
apiVersion: v1
kind: Pod
metadata:
  name: isolated
  labels:
    app: isolated
spec:
  containers:
  - name: debian
    image: debian:trixie-slim
    command: ["sleep", "infinity"]
---
apiVersion: v1
kind: Pod
metadata:
  name: setup
spec:
  restartPolicy: Never
  containers:
  - name: debian
    image: debian:bookworm
    command: ["sh", "-c", "apt-get -qq update && apt-get install -qq --no-install-recommends curl >/dev/null && curl -s http://example.com/ | head -c 60"]
---
apiVersion: networking.k8s.io/v1
kind: NetworkPolicy
metadata:
  name: deny-egress
spec:
  podSelector:
    matchLabels:
      app: isolated
  policyTypes:
  - Egress
EOF2
sleep 30
kubectl get pods
kubectl exec web -- apt-get install -y curl procps
kubectl exec web -- apt-get install -y curl
kubectl exec web -- ip addr
kubectl exec web -- apt-get update
kubectl exec web -- apt-get install vim
kubectl exec web -- apt-get install -y nosuchpkg
kubectl exec web -- apt-get install -y jq=1.6-2.1
kubectl exec web -- apt-get install -y curl procps
kubectl exec web -- apt-get install -y iproute2 dnsutils
kubectl exec web -- sh -c 'ip addr show eth0; ps aux; echo $?'
kubectl exec web -- apt install -y jq
kubectl exec web -- apt-get install -qq less
kubectl exec web -- apt-get update
kubectl exec web -- dpkg -s iproute2
kubectl exec bookworm -- apt update
kubectl exec bookworm -- apt install -y curl
kubectl exec bookworm -- curl -sI http://example.com/
kubectl exec nonroot -- apt-get update
kubectl exec nonroot -- apt-get install -y curl
kubectl exec isolated -- apt-get update
kubectl logs setup
kubectl get pod setup
kubectl exec web -- nginx -s stop
sleep 5
kubectl get pod web
kubectl exec web -- ip addr
kubectl exec web -- apt-get install -y iproute2
