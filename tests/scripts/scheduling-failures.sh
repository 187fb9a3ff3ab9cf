# Why is my pod Pending? FailedScheduling as kube-scheduler 1.36 words it, and what makes the
# pod schedulable again.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: fill-1
spec:
  nodeSelector: {kubernetes.io/hostname: worker-1}
  containers:
  - name: c
    image: busybox:1.36
    resources:
      requests: {cpu: 1500m}
---
apiVersion: v1
kind: Pod
metadata:
  name: fill-2
spec:
  nodeSelector: {kubernetes.io/hostname: worker-2}
  containers:
  - name: c
    image: busybox:1.36
    resources:
      requests: {cpu: 1500m}
EOF
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  containers:
  - name: c
    image: nginx:1.27
    resources:
      requests: {cpu: "1"}
EOF
sleep 2
kubectl get pods -o wide
kubectl describe pod big
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: nowhere
spec:
  nodeSelector: {disktype: ssd}
  containers:
  - name: c
    image: nginx:1.27
---
apiVersion: v1
kind: Pod
metadata:
  name: huge
spec:
  containers:
  - name: c
    image: nginx:1.27
    resources:
      requests: {memory: 64Gi}
EOF
sleep 2
kubectl get events --field-selector reason=FailedScheduling
kubectl events --for pod/nowhere
kubectl label nodes worker-2 disktype=ssd
sleep 3
kubectl get pod nowhere -o wide
kubectl cordon worker-1
kubectl cordon worker-1
kubectl delete pod fill-1 --wait=false
kubectl run late --image=nginx:1.27
sleep 1
kubectl get pod late -o wide
kubectl describe node worker-1
kubectl uncordon worker-1
kubectl taint nodes worker-1 dedicated=gpu:NoSchedule
kubectl taint nodes worker-1 dedicated=gpu:NoSchedule
kubectl taint nodes worker-1 dedicated:NoSchedule-
kubectl taint nodes worker-1 nothere-
