# page: https://kubernetes.io/docs/tasks/configure-pod-container/assign-memory-resource/
# page prerequisite: "your cluster must have the metrics-server running"
podlife addon enable metrics-server
kubectl create namespace mem-example
kubectl apply -f https://k8s.io/examples/pods/resource/memory-request-limit.yaml --namespace=mem-example
sleep 60
# page: "The output shows that the one container in the Pod has a memory request of 100 MiB and a
# memory limit of 200 MiB" (the page prints -o yaml; the resources are the claim)
kubectl get pod memory-demo --output=jsonpath='{.spec.containers[0].resources}{"\n"}' --namespace=mem-example
# page: "The output shows that the Pod is using about 162,900,000 bytes of memory, which is about
# 150 MiB" (kubectl top pod memory-demo: MEMORY(bytes) 162856960 on the page)
kubectl top pod memory-demo --namespace=mem-example
kubectl delete pod memory-demo --namespace=mem-example
# Exceed a Container's memory limit
kubectl apply -f https://k8s.io/examples/pods/resource/memory-request-limit-2.yaml --namespace=mem-example
sleep 5
# page: "the Container is being killed": memory-demo-2 0/1 OOMKilled 1
kubectl get pod memory-demo-2 --namespace=mem-example
# page: lastState terminated, reason: OOMKilled, exitCode: 137
kubectl get pod memory-demo-2 --output=jsonpath='{.status.containerStatuses[0].lastState}{"\n"}' --namespace=mem-example
sleep 30
# page: "The output shows that the Container is killed, restarted, killed again, restarted again,
# and so on": memory-demo-2 0/1 CrashLoopBackOff 2. Right after each kill STATUS shows the exit
# (OOMKilled); CrashLoopBackOff appears at the pod worker's next sync (see
# tests/scripts/crashloop-waiting.sh), so the page's line shows once the back-off is long.
kubectl get pod memory-demo-2 --namespace=mem-example
sleep 235
kubectl get pod memory-demo-2 --namespace=mem-example
# page: Warning BackOff "Back-off restarting failed container"
kubectl describe pod memory-demo-2 --namespace=mem-example | sed -n '/^Events:/,$p'
kubectl delete pod memory-demo-2 --namespace=mem-example
# Specify a memory request that is too big for your Nodes
kubectl apply -f https://k8s.io/examples/pods/resource/memory-request-limit-3.yaml --namespace=mem-example
sleep 10
# page: "The output shows that the Pod status is PENDING" and the event "Insufficient memory"
kubectl get pod memory-demo-3 --namespace=mem-example
kubectl describe pod memory-demo-3 --namespace=mem-example | sed -n '/^Events:/,$p'
kubectl delete pod memory-demo-3 --namespace=mem-example
kubectl delete namespace mem-example
