# A PodDisruptionBudget (minAvailable: 2) over four pods without a controller (so drain needs
# --force, and --ignore-daemonsets for kube-proxy's and kindnet's pods); web-4 becomes ready
# only after its readiness probe's 15 s delay. Draining worker-1
# evicts web-1 (one disruption allowed), then web-2's eviction is refused with 429 until web-4
# is ready and the disruption controller allows one more. Upstream: pkg/controller/disruption,
# pkg/registry/core/pod/storage/eviction.go, kubectl/pkg/drain and pkg/cmd/drain.
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata: {name: web-1, labels: {app: web}}
spec:
  nodeName: worker-1
  containers: [{name: nginx, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: web-2, labels: {app: web}}
spec:
  nodeName: worker-1
  containers: [{name: nginx, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: web-3, labels: {app: web}}
spec:
  nodeName: worker-2
  containers: [{name: nginx, image: nginx:1.27}]
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web}
spec:
  minAvailable: 2
  selector: {matchLabels: {app: web}}
---
apiVersion: v1
kind: Pod
metadata: {name: solo, labels: {app: solo}}
spec:
  nodeName: worker-2
  containers: [{name: nginx, image: nginx:1.27}]
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: solo}
spec:
  maxUnavailable: 1
  selector: {matchLabels: {app: solo}}
YAML
sleep 15
# maxUnavailable needs the scale of the pods' controller; solo has none (UnmanagedPods,
# expectedPods 0, no disruption allowed).
kubectl get pdb
kubectl get pdb web -o yaml
kubectl get events --field-selector involvedObject.kind=PodDisruptionBudget
kubectl drain worker-1
kubectl drain worker-1 --ignore-daemonsets --force --timeout=12s
kubectl get pdb web
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata: {name: web-4, labels: {app: web}}
spec:
  nodeName: worker-2
  containers:
  - name: nginx
    image: nginx:1.27
    readinessProbe:
      httpGet: {path: /, port: 80}
      initialDelaySeconds: 15
YAML
kubectl drain worker-1 --ignore-daemonsets --force
kubectl get pods -o wide
kubectl get pdb web -o yaml
