# page: https://kubernetes.io/docs/tasks/debug/debug-cluster/monitor-node-health/
# page: "Start node problem detector with kubectl" (1.36's DaemonSet strategy warns, on create,
# about the dots in the name: "used in Pod names and hostnames")
kubectl apply -f https://k8s.io/examples/debug/node-problem-detector.yaml
sleep 30
# a DaemonSet without tolerations: one pod on each worker (not on the tainted control plane),
# host network
kubectl get pods -n kube-system -l k8s-app=node-problem-detector -o wide
# page (Overwrite the configuration): "Create the ConfigMap node-problem-detector-config:
# kubectl create configmap node-problem-detector-config --from-file=config/" — config/ is the
# node-problem-detector repository's directory, not available here: one file with the page's
# condition example stands for it
kubectl create configmap node-problem-detector-config -n kube-system --from-literal=kernel-monitor.json='{"conditions":[{"type":"NodeConditionType","reason":"CamelCaseDefaultNodeConditionReason","message":"arbitrary default node condition message"}]}'
# page: "If you have a node-problem-detector running, delete before recreating"
kubectl delete -f https://k8s.io/examples/debug/node-problem-detector.yaml
kubectl apply -f https://k8s.io/examples/debug/node-problem-detector-configmap.yaml
sleep 30
kubectl get pods -n kube-system -l k8s-app=node-problem-detector -o wide
# the ConfigMap is mounted over /config
POD=$(kubectl get pods -n kube-system -l k8s-app=node-problem-detector -o jsonpath='{.items[0].metadata.name}')
kubectl exec -n kube-system $POD -- ls /config
