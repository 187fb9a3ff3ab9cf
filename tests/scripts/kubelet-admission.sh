# The kubelet admits every pod bound to its node before it runs it, even one that bypassed the
# scheduler with spec.nodeName (kubelet.go HandlePodAdditions → canAdmitPod → the
# predicate admit handler, lifecycle/predicate.go). A pod that does not fit is rejected: a
# Warning event, phase Failed with the reason as STATUS, and no sandbox ever. What "used" counts
# is the requests of the pods the kubelet admitted before and that still run.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata: {name: too-big}
spec:
  nodeName: worker-1
  containers:
  - name: web
    image: nginx:1.27
    resources: {requests: {cpu: "6", memory: 16Gi}}
---
apiVersion: v1
kind: Pod
metadata: {name: wrong-selector}
spec:
  nodeName: worker-1
  nodeSelector: {disktype: ssd}
  containers: [{name: web, image: nginx:1.27}]
EOF2
sleep 10
kubectl get pods -o wide
kubectl describe pod too-big
kubectl describe pod wrong-selector
kubectl get pod too-big -o yaml
# The second half-core-and-more pod does not fit beside the first; once the first is gone, a
# third one does.
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata: {name: first}
spec:
  nodeName: worker-1
  containers:
  - name: web
    image: nginx:1.27
    resources: {requests: {cpu: 1500m}}
    ports: [{containerPort: 80, hostPort: 8080}]
EOF2
sleep 5
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata: {name: second}
spec:
  nodeName: worker-1
  containers:
  - name: web
    image: nginx:1.27
    resources: {requests: {cpu: 1500m}}
---
apiVersion: v1
kind: Pod
metadata: {name: port-clash}
spec:
  nodeName: worker-1
  containers:
  - name: web
    image: nginx:1.27
    ports: [{containerPort: 80, hostPort: 8080}]
EOF2
sleep 5
kubectl get pods
kubectl delete pod first
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata: {name: third}
spec:
  nodeName: worker-1
  containers:
  - name: web
    image: nginx:1.27
    resources: {requests: {cpu: 1500m}}
EOF2
sleep 5
kubectl get pods
# NoExecute taints the pod does not tolerate (the taint eviction controller deletes such a pod
# too, and the kubelet removes it, Failed, at once); the kubernetes.io/os label and spec.os.
kubectl taint node worker-2 dedicated=db:NoExecute
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata: {name: untolerated}
spec:
  nodeName: worker-2
  containers: [{name: web, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: tolerated}
spec:
  nodeName: worker-2
  tolerations: [{key: dedicated, operator: Equal, value: db, effect: NoExecute}]
  containers: [{name: web, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata:
  name: windows-label
  labels: {kubernetes.io/os: windows}
spec:
  nodeName: worker-1
  containers: [{name: web, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: windows-os}
spec:
  nodeName: worker-1
  os: {name: windows}
  containers: [{name: web, image: nginx:1.27}]
EOF2
sleep 5
kubectl get pods -o wide
kubectl get events --field-selector type=Warning
kubectl get events --field-selector involvedObject.name=untolerated
# A rejected pod is Failed: deleting it removes it at once.
kubectl delete pod too-big
kubectl get pods too-big
# While containerd is down the kubelet's sync loop skips its iterations (runtimeErrors), the
# pod sources' ADDs with it: a new pod is admitted — here rejected — only once it runs again.
podlife stop containerd --node worker-1
sleep 40
kubectl apply -f - <<EOF2
apiVersion: v1
kind: Pod
metadata: {name: during-outage}
spec:
  nodeName: worker-1
  containers:
  - name: web
    image: nginx:1.27
    resources: {requests: {cpu: "1"}}
EOF2
sleep 5
kubectl get pod during-outage
podlife start containerd --node worker-1
sleep 10
kubectl get pod during-outage
kubectl get events --field-selector involvedObject.name=during-outage
