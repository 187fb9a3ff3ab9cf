# page: https://kubernetes.io/docs/concepts/cluster-administration/logging/ (Container log streams)
kubectl apply -f https://k8s.io/examples/debug/counter-pod-err.yaml
sleep 4
# both streams, interleaved, in kubectl logs
kubectl logs counter-err
# page: "To fetch only the stderr log stream, you can run: kubectl get --raw
# "/api/v1/namespaces/default/pods/counter-err/log?stream=Stderr"" — with the PodLogsQuerySplitStreams
# feature gate, alpha and off by default in 1.36. On a default cluster the apiserver does not pass
# stream= on to the kubelet (its LogLocation adds it only when the gate is on), so the raw call
# returns both streams, as kubectl logs does; with the gate on, only the "N: err" lines
kubectl get --raw "/api/v1/namespaces/default/pods/counter-err/log?stream=Stderr"
