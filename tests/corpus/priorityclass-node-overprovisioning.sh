# page: https://kubernetes.io/docs/tasks/administer-cluster/node-overprovisioning/
# page: "Then create the PriorityClass"
kubectl apply -f https://k8s.io/examples/priorityclass/low-priority-class.yaml
# (upstream defaults preemptionPolicy to PreemptLowerPriority: the column is never empty)
kubectl get priorityclass placeholder
# page: "Change the namespace name example"; the Deployment is the page's
# deployments/deployment-with-capacity-reservation.yaml (outside the corpus' directories: inline,
# as the page shows it, release-1.34)
kubectl create namespace example
kubectl --namespace example apply -f - <<'YAML'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: capacity-reservation
  # You should decide what namespace to deploy this into
spec:
  replicas: 1
  selector:
    matchLabels:
      app.kubernetes.io/name: capacity-placeholder
  template:
    metadata:
      labels:
        app.kubernetes.io/name: capacity-placeholder
      annotations:
        kubernetes.io/description: "Capacity reservation"
    spec:
      priorityClassName: placeholder
      affinity: # Try to place these overhead Pods on different nodes
                # if possible
        podAntiAffinity:
          preferredDuringSchedulingIgnoredDuringExecution:
          - weight: 100
            podAffinityTerm:
              labelSelector:
                matchLabels:
                  app.kubernetes.io/name: capacity-placeholder
              topologyKey: topology.kubernetes.io/hostname
      containers:
      - name: pause
        image: registry.k8s.io/pause:3.6
        resources:
          requests:
            cpu: "50m"
            memory: "512Mi"
          limits:
            memory: "512Mi"
YAML
# page: "kubectl scale deployment capacity-reservation --replicas=5" (in the example namespace)
kubectl --namespace example scale deployment capacity-reservation --replicas=5
sleep 15
# page: capacity-reservation 5/5 5 5
kubectl --namespace example get deployment capacity-reservation
# the pods carry the negative priority
kubectl --namespace example get pods -o jsonpath='{range .items[*]}{.spec.priorityClassName} {.spec.priority} {.spec.nodeName}{"\n"}{end}' | sort | uniq -c
# page: "Any time there is a capacity shortage, the control plane will pick one these placeholder
# pods as the first candidate to preempt": a pod (default priority 0) that only fits where
# placeholders run
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: big
spec:
  containers:
  - name: app
    image: registry.k8s.io/pause:3.6
    resources:
      requests:
        memory: 3500Mi
YAML
sleep 20
kubectl get pod big -o wide
kubectl get events -n example --field-selector reason=Preempted
kubectl --namespace example get deployment capacity-reservation
