# kubectl drain's pod filters (kubectl/pkg/drain/filters.go) and their errors and warnings.
# kube-controller-manager is stopped first: the hand-made DaemonSet pod names an owner uid that
# does not match, and the garbage collector would delete it.
podlife stop kube-controller-manager
kubectl apply -f - <<YAML
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata:
  name: agent-x7k2p
  labels: {app: agent}
  ownerReferences: [{apiVersion: apps/v1, kind: DaemonSet, name: agent, uid: 00000000-0000-0000-0000-00000000da00, controller: true}]
spec:
  nodeName: worker-1
  containers: [{name: agent, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: cache}
spec:
  nodeName: worker-1
  containers: [{name: nginx, image: nginx:1.27, volumeMounts: [{name: tmp, mountPath: /tmp}]}]
  volumes: [{name: tmp, emptyDir: {}}]
---
apiVersion: v1
kind: Pod
metadata:
  name: static-web-worker-1
  annotations: {kubernetes.io/config.mirror: "0123456789abcdef"}
spec:
  nodeName: worker-1
  containers: [{name: nginx, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: nginx}
spec:
  nodeName: worker-1
  containers: [{name: nginx, image: nginx:1.27}]
YAML
sleep 3
kubectl drain
kubectl drain worker-1
kubectl drain worker-1 --ignore-daemonsets --force
kubectl drain worker-1 --ignore-daemonsets --force --delete-local-data --disable-eviction --grace-period=1
kubectl get pods -o wide
kubectl drain worker-9
# The builder's ResourceNames("nodes", …): TYPE/NAME is accepted for nodes only
kubectl uncordon node/worker-1
kubectl cordon pods/agent-x7k2p
kubectl cordon pods/worker-1
kubectl drain nodes/worker-1/x
