# `kubectl logs` and `kubectl exec` go through kube-apiserver to the kubelet of the pod's node
# (its port 10250, at the node's InternalIP: `--kubelet-preferred-address-types`). With the
# kubelet stopped nothing listens there: the log request fails as the API server's HTTP client
# words it, the exec as its upgrade-aware proxy does, both relayed as a Status without a
# reason. The containers keep running; the pod still reads Running until the node lifecycle
# controller notices the silence. Once the kubelet is back, both work again.
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: talker
spec:
  nodeName: worker-1
  containers:
  - name: talker
    image: busybox:1.36
    command: ["sh", "-c", "echo started; while true; do echo tick; sleep 5; done"]
YAML
sleep 12
kubectl logs talker
podlife stop kubelet --node worker-1
kubectl logs talker
kubectl logs talker --tail=1 --timestamps
kubectl exec talker -- echo hello
kubectl get pod talker
podlife start kubelet --node worker-1
sleep 5
kubectl logs talker --tail=1
kubectl exec talker -- echo hello
