# page: https://kubernetes.io/docs/concepts/workloads/controllers/daemonset/
# (the index's stored copy of daemonset.yaml is an old version: k8s.gcr.io/fluentd-elasticsearch
# and only the removed node-role.kubernetes.io/master taint tolerated; the copy here is the file
# as the page shows it today)
kubectl apply -f https://k8s.io/examples/controllers/daemonset.yaml
sleep 30
# page: "A DaemonSet ensures that all (or some) Nodes run a copy of a Pod"; the tolerations "are
# to have the daemonset runnable on control plane nodes": three pods, one per node
kubectl get ds -n kube-system fluentd-elasticsearch
kubectl get pods -n kube-system -l name=fluentd-elasticsearch -o wide
# page (How Daemon Pods are scheduled): "The DaemonSet controller creates a Pod for each
# eligible node and adds the spec.affinity.nodeAffinity field of the Pod to match the target
# host", and the tolerations it adds automatically (node.kubernetes.io/not-ready,
# unreachable, disk-pressure, memory-pressure, pid-pressure, unschedulable)
POD=$(kubectl get pods -n kube-system -l name=fluentd-elasticsearch --field-selector spec.nodeName=worker-1 -o jsonpath='{.items[0].metadata.name}')
kubectl get pod -n kube-system $POD -o jsonpath='{.spec.affinity}{"\n"}'
kubectl get pod -n kube-system $POD -o jsonpath='{range .spec.tolerations[*]}{.key}{" "}{.operator}{" "}{.effect}{"\n"}{end}'
