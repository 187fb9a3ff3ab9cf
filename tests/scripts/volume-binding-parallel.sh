# Several pods whose WaitForFirstConsumer claims all match pre-made volumes, scheduled in one
# go (a Parallel StatefulSet): VolumeBinding's Reserve puts each chosen volume in the
# scheduler's assume cache (AssumePodVolumes, pkg/scheduler/util/assumecache), so the next
# pod's cycle, before the informer has seen the first claimRef, picks another volume. Each pod
# gets its own volume and all four run.
kubectl apply -f - <<'YAML'
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: manual
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer
YAML
for i in 0 1 2 3; do kubectl apply -f - <<YAML
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-$i
spec:
  capacity:
    storage: 1Gi
  accessModes: ["ReadWriteOnce"]
  storageClassName: manual
  hostPath:
    path: /data/pv-$i
YAML
done
kubectl apply -f - <<'YAML'
apiVersion: apps/v1
kind: StatefulSet
metadata: {name: web}
spec:
  serviceName: nginx
  podManagementPolicy: Parallel
  replicas: 4
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers: [{name: nginx, image: nginx:1.27, volumeMounts: [{name: www, mountPath: /usr/share/nginx/html}]}]
  volumeClaimTemplates:
  - metadata: {name: www}
    spec: {storageClassName: manual, accessModes: [ReadWriteOnce], resources: {requests: {storage: 1Gi}}}
YAML
sleep 30
kubectl get pods -o wide
kubectl get pvc
kubectl get events --field-selector involvedObject.kind=Pod | grep -v "Pulled\|Created\|Started\|Pulling"
