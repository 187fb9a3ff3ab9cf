# `kubectl describe` for the workload kinds after they ran a while (kubectl
# pkg/describe/describe.go: describeStatefulSet with its volume claim templates,
# describeDaemonSet, describeJob, describeCronJob with describeJobTemplate,
# describePodDisruptionBudgetV1), each with its controller's events; one object without events.
kubectl apply -f - <<YAML
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata: {name: manual}
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: Immediate
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-a}
spec:
  capacity: {storage: 1Gi}
  accessModes: ["ReadWriteOnce"]
  storageClassName: manual
  hostPath: {path: /data/a}
---
apiVersion: v1
kind: PersistentVolume
metadata: {name: pv-b}
spec:
  capacity: {storage: 1Gi}
  accessModes: ["ReadWriteOnce"]
  storageClassName: manual
  hostPath: {path: /data/b}
---
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web, labels: {app: web, tier: db}}
spec:
  serviceName: web
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        ports: [{containerPort: 80, name: http}]
        volumeMounts:
        - {name: data, mountPath: /usr/share/nginx/html}
  volumeClaimTemplates:
  - metadata:
      name: data
      labels: {app: web, backup: daily}
    spec:
      accessModes: ["ReadWriteOnce"]
      storageClassName: manual
      resources:
        requests: {storage: 1Gi}
---
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      nodeSelector: {kubernetes.io/os: linux}
      containers: [{name: agent, image: nginx:1.27}]
---
apiVersion: batch/v1
kind: Job
metadata: {name: pi}
spec:
  backoffLimit: 4
  ttlSecondsAfterFinished: 3600
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: pi
        image: busybox:1.36
        command: ["sh", "-c", "sleep 5"]
---
apiVersion: batch/v1
kind: Job
metadata: {name: shards}
spec:
  completions: 3
  parallelism: 2
  completionMode: Indexed
  activeDeadlineSeconds: 600
  template:
    spec:
      restartPolicy: Never
      containers:
      - name: work
        image: busybox:1.36
        command: ["sh", "-c", "sleep 30"]
---
apiVersion: batch/v1
kind: CronJob
metadata: {name: tick}
spec:
  schedule: "*/1 * * * *"
  successfulJobsHistoryLimit: 2
  jobTemplate:
    spec:
      template:
        spec:
          restartPolicy: OnFailure
          containers:
          - name: tick
            image: busybox:1.36
            command: ["sh", "-c", "date; sleep 90"]
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: web}
spec:
  minAvailable: 1
  selector: {matchLabels: {app: web}}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata: {name: nothing}
spec:
  maxUnavailable: 25%
  selector: {matchLabels: {app: nothing}}
YAML
sleep 150
kubectl get sts,ds,jobs,cronjobs,pdb
kubectl describe sts web
kubectl describe ds agent
kubectl describe job pi
kubectl describe jobs shards
kubectl describe cj tick
kubectl describe pdb
kubectl describe pdb nothing
kubectl describe pvc data-web-0
# A label selector instead of names (describe.go's builder: LabelSelectorParam).
kubectl describe pods -l app=nothing
kubectl describe pods pi -l app=nothing
