# page: https://kubernetes.io/docs/concepts/policy/resource-quotas/ (Resource quota per
# PriorityClass: "Save the following YAML to a file quota.yaml", i.e. this example; the page
# does not link the file by name)
# setup: the PriorityClass the page's pod uses (the page assumes it exists)
kubectl apply -f - <<'YAML'
apiVersion: scheduling.k8s.io/v1
kind: PriorityClass
metadata:
  name: high
value: 1000000
YAML
# page: "resourcequota/pods-high created", pods-medium, pods-low
kubectl create -f https://k8s.io/examples/admin/resource/quota-objects-priority.yaml
sleep 1
# page: "Verify that Used quota is 0 using kubectl describe quota"
kubectl describe quota
# page: a pod with priorityClassName high (the page's high-priority-pod.yaml, inline here)
kubectl create -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: high-priority
spec:
  containers:
  - name: high-priority
    image: ubuntu
    command: ["/bin/sh"]
    args: ["-c", "while true; do echo hello; sleep 10;done"]
    resources:
      requests:
        memory: "10Gi"
        cpu: "500m"
      limits:
        memory: "10Gi"
        cpu: "500m"
  priorityClassName: high
YAML
sleep 2
# page: "Verify that 'Used' stats for 'high' priority quota, pods-high, has changed and that the
# other two quotas are unchanged": cpu 500m, memory 10Gi, pods 1 (the pod itself stays Pending:
# no node here has 10Gi; the quota counts it all the same)
kubectl describe quota
