# A NoExecute taint evicts pods that do not tolerate it at once, and pods that tolerate it
# for tolerationSeconds when that time is up, counted from when the taint eviction controller
# saw the taint (pkg/controller/tainteviction): a TaintManagerEviction event, a fresh GET, the
# DisruptionTarget condition as a status PATCH, then a graceful DELETE that the kubelet
# finishes. A toleration without tolerationSeconds keeps the pod.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: plain}
spec:
  nodeSelector: {kubernetes.io/hostname: worker-1}
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: patient}
spec:
  nodeSelector: {kubernetes.io/hostname: worker-1}
  tolerations: [{key: maintenance, operator: Exists, effect: NoExecute, tolerationSeconds: 30}]
  containers: [{name: c, image: nginx:1.27}]
---
apiVersion: v1
kind: Pod
metadata: {name: forever}
spec:
  nodeSelector: {kubernetes.io/hostname: worker-1}
  tolerations: [{key: maintenance, operator: Exists, effect: NoExecute}]
  containers: [{name: c, image: nginx:1.27}]
EOF
sleep 1
kubectl taint nodes worker-1 maintenance=true:NoExecute
sleep 1
kubectl get pods -o wide
kubectl get events --field-selector reason=TaintManagerEviction
sleep 30
kubectl get pods
kubectl get events --field-selector reason=TaintManagerEviction
