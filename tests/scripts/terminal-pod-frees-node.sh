# A pod that completes frees its requests: kube-scheduler's pod informer selects only pods that are
# not Succeeded/Failed, so the finished pod leaves its view as a delete and the parked pod is
# retried (AssignedPodDelete). The node joins with `podlife node add`: its kubelet registers it and
# it is Ready once the node IPAM controller has given it a podCIDR.
podlife cluster empty
podlife node add solo --cpu 2 --memory 4Gi
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: batch
spec:
  restartPolicy: Never
  containers:
  - name: work
    image: busybox:1.36
    command: ["sh", "-c", "sleep 20"]
    resources:
      requests: {cpu: 1500m}
---
apiVersion: v1
kind: Pod
metadata:
  name: waiting
spec:
  containers:
  - name: web
    image: nginx:1.27
    resources:
      requests: {cpu: 1}
EOF
sleep 10
kubectl get pods
sleep 20
kubectl get pods
kubectl get events --field-selector involvedObject.name=waiting
kubectl get node solo -o jsonpath='{.spec.podCIDR}'

# Deleting a pod that already finished: nothing is left to stop, so its kubelet removes the
# object at once (the status manager's canBeDeleted), and kubectl's wait returns.
kubectl delete pod batch
kubectl get pods
