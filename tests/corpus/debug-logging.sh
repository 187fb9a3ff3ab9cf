# page: https://kubernetes.io/docs/concepts/cluster-administration/logging/
kubectl apply -f https://k8s.io/examples/debug/counter-pod.yaml
sleep 5
# page: "To fetch the logs, use the kubectl logs command": "0: Fri Apr  1 11:42:23 UTC 2022",
# "1: …", "2: …" (busybox date's format, one line a second)
kubectl logs counter
# page: "If your pod has multiple containers, specify which container's logs you want to access by
# appending a container name to the command, with a -c flag"
kubectl logs counter -c count
