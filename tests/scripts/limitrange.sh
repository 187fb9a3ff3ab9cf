# LimitRange and the LimitRanger admission plugin, with the kubernetes.io task pages' own
# examples ("Configure Minimum and Maximum Memory Constraints for a Namespace", "Configure
# Default CPU Requests and Limits"): SetDefaults_LimitRangeItem fills default and
# defaultRequest from max; a pod over the max or under the min is forbidden with the plugin's
# text; a pod without resources gets the defaults and the kubernetes.io/limit-ranger
# annotation; a Pod item sums the containers; maxLimitRequestRatio; a claim's storage bounds;
# ValidateLimitRange's relations; a Deployment whose pods the plugin refuses (FailedCreate
# names the generated pod: the validating phase runs after the name is generated).
kubectl create namespace constraints-mem-example
kubectl apply -n constraints-mem-example -f - <<'YAML'
apiVersion: v1
kind: LimitRange
metadata:
  name: mem-min-max-demo-lr
spec:
  limits:
  - max:
      memory: 1Gi
    min:
      memory: 500Mi
    type: Container
YAML
kubectl get limitrange mem-min-max-demo-lr --namespace=constraints-mem-example --output=yaml
kubectl describe limitrange mem-min-max-demo-lr -n constraints-mem-example
kubectl apply -n constraints-mem-example -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: constraints-mem-demo-2
spec:
  containers:
  - name: constraints-mem-demo-2-ctr
    image: nginx
    resources:
      limits:
        memory: "1.5Gi"
      requests:
        memory: "800Mi"
YAML
kubectl apply -n constraints-mem-example -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: constraints-mem-demo-3
spec:
  containers:
  - name: constraints-mem-demo-3-ctr
    image: nginx
    resources:
      limits:
        memory: "800Mi"
      requests:
        memory: "100Mi"
YAML
kubectl apply -n constraints-mem-example -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: constraints-mem-demo-4
spec:
  containers:
  - name: constraints-mem-demo-4-ctr
    image: nginx
YAML
kubectl get pod constraints-mem-demo-4 -n constraints-mem-example -o jsonpath='{.spec.containers[0].resources}{"\n"}{.metadata.annotations.kubernetes\.io/limit-ranger}{"\n"}{.status.qosClass}{"\n"}'
kubectl get limits -n constraints-mem-example
# Default CPU requests and limits (cpu-defaults.yaml): 0.5 is stored as 500m.
kubectl create namespace default-cpu-example
kubectl apply -n default-cpu-example -f - <<'YAML'
apiVersion: v1
kind: LimitRange
metadata:
  name: cpu-limit-range
spec:
  limits:
  - default:
      cpu: 1
    defaultRequest:
      cpu: 0.5
    type: Container
YAML
kubectl run default-cpu-demo -n default-cpu-example --image=nginx
kubectl get pod default-cpu-demo -n default-cpu-example -o jsonpath='{.spec.containers[0].resources}{"\n"}'
# A Pod item bounds the sum of the containers; a ratio bounds limit / request.
kubectl create namespace bounds
kubectl apply -n bounds -f - <<'YAML'
apiVersion: v1
kind: LimitRange
metadata:
  name: pod-and-ratio
spec:
  limits:
  - type: Pod
    max: {cpu: "1"}
  - type: Container
    maxLimitRequestRatio: {cpu: "2"}
  - type: PersistentVolumeClaim
    min: {storage: 1Gi}
    max: {storage: 2Gi}
YAML
kubectl describe limitrange pod-and-ratio -n bounds
kubectl apply -n bounds -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: two
spec:
  containers:
  - name: a
    image: nginx
    resources: {requests: {cpu: 300m}, limits: {cpu: 600m}}
  - name: b
    image: busybox:1.36
    command: [sleep, "3600"]
    resources: {requests: {cpu: 100m}, limits: {cpu: 600m}}
YAML
kubectl apply -n bounds -f - <<'YAML'
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: big
spec:
  accessModes: [ReadWriteOnce]
  resources:
    requests:
      storage: 5Gi
YAML
# ValidateLimitRange: values out of order, a ratio below 1, defaults on a Pod item.
kubectl apply -n bounds -f - <<'YAML'
apiVersion: v1
kind: LimitRange
metadata:
  name: bad
spec:
  limits:
  - type: Container
    max: {cpu: "1"}
    min: {cpu: 100m}
    defaultRequest: {cpu: "2"}
  - type: Pod
    default: {cpu: "1"}
    maxLimitRequestRatio: {memory: 800m}
YAML
# A Deployment's pods over the max: the ReplicaSet records FailedCreate.
kubectl create deployment big -n constraints-mem-example --image=nginx
kubectl set resources deployment big -n constraints-mem-example --limits=memory=2Gi
sleep 5
kubectl get events -n constraints-mem-example --field-selector reason=FailedCreate -o custom-columns=OBJECT:.involvedObject.name,MESSAGE:.message
# describe namespace lists the namespace's LimitRanges (no quota section: podlife serves no
# ResourceQuota, and kubectl leaves the section out for such a server).
kubectl describe namespace constraints-mem-example
kubectl describe namespace default
