# ResourceQuota, from the kubernetes.io tasks "Configure Memory and CPU Quotas for a Namespace"
# and "Configure a Pod Quota for a Namespace". The resource quota controller fills in
# status.hard and status.used; the ResourceQuota admission plugin then charges each new pod
# before it is stored and refuses one that does not fit ("exceeded quota: …, requested: …,
# used: …, limited: …") or that does not state the cpu and memory the quota limits ("failed
# quota: … must specify …"). A Deployment above a pod quota keeps two pods; its ReplicaSet
# reports FailedCreate with the same text, in events and in a ReplicaFailure condition the
# Deployment copies (gone once no create is missing). A pod that completes stops counting (the
# controller recounts when it finishes), deleting one gives its share back, and quota specs are
# validated.
kubectl create namespace quota-mem-cpu-example
kubectl apply -n quota-mem-cpu-example -f - <<'YAML'
apiVersion: v1
kind: ResourceQuota
metadata:
  name: mem-cpu-demo
spec:
  hard:
    requests.cpu: "1"
    requests.memory: 1Gi
    limits.cpu: "2"
    limits.memory: 2Gi
YAML
sleep 1
kubectl get resourcequota mem-cpu-demo --namespace=quota-mem-cpu-example --output=yaml
kubectl apply -n quota-mem-cpu-example -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: quota-mem-cpu-demo
spec:
  containers:
  - name: quota-mem-cpu-demo-ctr
    image: nginx
    resources:
      limits:
        memory: "800Mi"
        cpu: "800m"
      requests:
        memory: "600Mi"
        cpu: "400m"
YAML
sleep 5
kubectl get pod quota-mem-cpu-demo --namespace=quota-mem-cpu-example
kubectl get resourcequota mem-cpu-demo --namespace=quota-mem-cpu-example --output=jsonpath='{.status}{"\n"}'
kubectl apply -n quota-mem-cpu-example -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: quota-mem-cpu-demo-2
spec:
  containers:
  - name: quota-mem-cpu-demo-2-ctr
    image: redis
    resources:
      limits:
        memory: "1Gi"
        cpu: "800m"
      requests:
        memory: "700Mi"
        cpu: "400m"
YAML
kubectl run no-limits -n quota-mem-cpu-example --image=nginx
kubectl get quota -n quota-mem-cpu-example
kubectl describe quota mem-cpu-demo -n quota-mem-cpu-example
kubectl delete pod quota-mem-cpu-demo -n quota-mem-cpu-example
sleep 2
kubectl describe namespace quota-mem-cpu-example
kubectl create namespace quota-pod-example
kubectl apply -n quota-pod-example -f - <<'YAML'
apiVersion: v1
kind: ResourceQuota
metadata:
  name: pod-demo
spec:
  hard:
    pods: "2"
YAML
sleep 1
kubectl apply -n quota-pod-example -f - <<'YAML'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: pod-quota-demo
spec:
  selector:
    matchLabels:
      purpose: quota-demo
  replicas: 3
  template:
    metadata:
      labels:
        purpose: quota-demo
    spec:
      containers:
      - name: pod-quota-demo
        image: nginx
YAML
sleep 10
kubectl get resourcequota pod-demo --namespace=quota-pod-example --output=yaml
kubectl get deployment pod-quota-demo --namespace=quota-pod-example --output=jsonpath='{range .status.conditions[*]}{.type}{"\t"}{.reason}{"\t"}{.message}{"\n"}{end}'
kubectl get rs -n quota-pod-example -o jsonpath='{range .items[*].status.conditions[*]}{.type}{"\t"}{.status}{"\t"}{.reason}{"\n"}{end}'
kubectl get events -n quota-pod-example --field-selector reason=FailedCreate
kubectl scale deployment pod-quota-demo -n quota-pod-example --replicas=1
sleep 5
kubectl get deployment pod-quota-demo --namespace=quota-pod-example --output=jsonpath='{range .status.conditions[*]}{.type}{"\t"}{.reason}{"\n"}{end}'
kubectl apply -n quota-pod-example -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: one-shot
spec:
  restartPolicy: Never
  containers:
  - name: c
    image: busybox:1.36
    command: ["true"]
YAML
kubectl get quota pod-demo -n quota-pod-example
sleep 10
kubectl get pod one-shot -n quota-pod-example
kubectl get quota pod-demo -n quota-pod-example
kubectl apply -n quota-pod-example -f - <<'YAML'
apiVersion: v1
kind: ResourceQuota
metadata:
  name: best-effort
spec:
  hard:
    pods: "5"
    services: "1"
  scopes: ["BestEffort", "NotBestEffort"]
---
apiVersion: v1
kind: ResourceQuota
metadata:
  name: typo
spec:
  hard:
    pods: "2.5"
    storage: 1Gi
    requests.cpu: "-1"
YAML
# kubectl create quota (create_quota.go): hard limits in canonical form, scopes checked by the
# API server, and the generator's own errors.
kubectl create quota object-counts --hard=pods=100,services=3,cpu=1500m,memory=1G --scopes=NotTerminating -n quota-pod-example --dry-run=client -o yaml
kubectl create quota object-counts --hard=configmaps=10,persistentvolumeclaims=4 -n quota-pod-example
kubectl describe quota object-counts -n quota-pod-example
kubectl create quota object-counts --hard=configmaps=10 -n quota-pod-example
kubectl create quota syntax --hard=cpu
kubectl create quota amount --hard=cpu=lots
kubectl create quota empty-scope --hard=pods=1 --scopes=BestEffort,
kubectl create quota unknown-scope --hard=pods=1 --scopes=Bogus
