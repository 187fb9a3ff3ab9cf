# KubeSchedulerConfiguration: kube-scheduler restarts with the file it is given (kubeadm's
# static pod with --config). LeastAllocated (the default) spreads pods; a profile with
# MostAllocated packs them; pods name their profile with spec.schedulerName, and a pod naming
# no profile is never queued (no event, no condition). An invalid file makes kube-scheduler
# log its error and exit, so pods wait until a valid one is given.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: first
spec:
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests:
        cpu: "1"
        memory: 512Mi
EOF
sleep 2
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: spread
spec:
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests:
        cpu: 250m
        memory: 128Mi
EOF
sleep 2
kubectl get pods -o wide
podlife scheduler config -f - <<EOF
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
- schedulerName: bin-packing
  plugins:
    score:
      disabled:
      - name: NodeResourcesBalancedAllocation
      - name: ImageLocality
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: MostAllocated
        resources:
        - name: cpu
          weight: 1
        - name: memory
          weight: 1
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: packed
spec:
  schedulerName: bin-packing
  containers:
  - name: app
    image: nginx:1.27
    resources:
      requests:
        cpu: 250m
        memory: 128Mi
---
apiVersion: v1
kind: Pod
metadata:
  name: orphan
spec:
  schedulerName: my-scheduler
  containers:
  - name: app
    image: nginx:1.27
EOF
sleep 5
kubectl get pods -o wide
kubectl get events --field-selector involvedObject.name=orphan
podlife scheduler config -f - <<EOF
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
percentageOfNodeToScore: 50
EOF
podlife scheduler config -f - <<EOF
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: RequestedToCapacityRatio
        requestedToCapacityRatio:
          shape:
          - utilization: 0
            score: 0
          - utilization: 0
            score: 11
EOF
kubectl run late --image=nginx:1.27
sleep 5
kubectl get pods late
podlife scheduler config -f - <<EOF
apiVersion: kubescheduler.config.k8s.io/v1
kind: KubeSchedulerConfiguration
podInitialBackoffSeconds: 2
podMaxBackoffSeconds: 20
profiles:
- schedulerName: default-scheduler
  pluginConfig:
  - name: NodeResourcesFit
    args:
      scoringStrategy:
        type: RequestedToCapacityRatio
        resources:
        - name: cpu
          weight: 3
        - name: memory
          weight: 1
        requestedToCapacityRatio:
          shape:
          - utilization: 0
            score: 0
          - utilization: 100
            score: 10
EOF
sleep 3
kubectl get pods -o wide
