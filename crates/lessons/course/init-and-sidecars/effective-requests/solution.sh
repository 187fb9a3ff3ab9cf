kubectl apply -f search.yaml
sleep 2
kubectl get pods
kubectl get events --field-selector reason=FailedScheduling
kubectl describe node worker-1 | grep -A5 "Allocated resources"
kubectl delete pod search
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: search
spec:
  initContainers:
  - name: build-index
    image: busybox:1.36
    command: ["sh", "-c", "echo building index; sleep 5; echo index built"]
    resources:
      requests:
        cpu: 1500m
        memory: 1Gi
  - name: proxy
    image: registry.podlife.dev/app:1.0
    restartPolicy: Always
    resources:
      requests:
        cpu: 500m
        memory: 128Mi
  containers:
  - name: search
    image: registry.podlife.dev/app:1.0
    env:
    - name: PORT
      value: "9090"
    resources:
      requests:
        cpu: "1"
        memory: 1Gi
EOF
sleep 10
kubectl get pods -o wide
kubectl describe node worker-2 | grep -A5 "Non-terminated Pods"
