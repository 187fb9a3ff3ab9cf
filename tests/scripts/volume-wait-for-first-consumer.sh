# WaitForFirstConsumer: the claim stays Pending until a pod uses it, and VolumeBinding then
# picks, node by node, a PersistentVolume whose node affinity admits the node. A local volume
# on worker-2 decides where the pod runs; the scheduler's PreBind writes the volume's claimRef
# and the PersistentVolume controller completes the binding before the pod is bound.
# A second claim finds no volume on any node ("didn't find available persistent volumes to
# bind", a Filter rejection, so the usual PostFilter text follows). A ReadWriteOncePod claim
# admits one pod only.
kubectl apply -f - <<EOF
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: local-storage
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: local-pv-worker-2
spec:
  capacity:
    storage: 5Gi
  accessModes: ["ReadWriteOnce"]
  storageClassName: local-storage
  local:
    path: /mnt/disks/ssd1
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions:
        - key: kubernetes.io/hostname
          operator: In
          values: ["worker-2"]
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: ["ReadWriteOnce"]
  storageClassName: local-storage
  resources:
    requests:
      storage: 1Gi
EOF
sleep 5
kubectl get sc
kubectl get pv,pvc
kubectl get events
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: db
spec:
  containers:
  - name: db
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts:
    - name: data
      mountPath: /data
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data
EOF
sleep 5
kubectl get pods -o wide
kubectl get pv,pvc
kubectl describe pv local-pv-worker-2
kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: logs
spec:
  accessModes: ["ReadWriteOnce"]
  storageClassName: local-storage
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: logger
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts:
    - name: logs
      mountPath: /logs
  volumes:
  - name: logs
    persistentVolumeClaim:
      claimName: logs
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: shared-pv
spec:
  capacity:
    storage: 1Gi
  accessModes: ["ReadWriteOncePod"]
  hostPath:
    path: /data/shared
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: shared
spec:
  accessModes: ["ReadWriteOncePod"]
  storageClassName: ""
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: Pod
metadata:
  name: writer-1
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
  volumes:
  - name: shared
    persistentVolumeClaim:
      claimName: shared
EOF
sleep 5
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: writer-2
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
  volumes:
  - name: shared
    persistentVolumeClaim:
      claimName: shared
EOF
sleep 5
kubectl get pods -o wide
kubectl get events --field-selector reason=FailedScheduling
kubectl delete pod writer-1
sleep 10
kubectl get pods -o wide
