# page: https://kubernetes.io/docs/concepts/workloads/pods/ ("To create the Pod shown above, run
# the following command")
kubectl apply -f https://k8s.io/examples/pods/simple-pod.yaml
sleep 20
kubectl get pod nginx -o wide
kubectl get pod nginx -o jsonpath='{.spec.containers[0].image} {.spec.containers[0].ports[0].containerPort}{"\n"}'
