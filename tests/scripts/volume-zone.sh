# VolumeZone: a bound volume labelled with a zone fits only nodes of that zone (nodes with no
# zone or region label pass). The volume in zone-b takes its pod to worker-2; a volume in a
# zone no node is in leaves its pod Pending with VolumeZone's reason on both workers.
kubectl label nodes worker-1 topology.kubernetes.io/zone=zone-a
kubectl label nodes worker-2 topology.kubernetes.io/zone=zone-b
kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: disk-b
  labels:
    topology.kubernetes.io/zone: zone-b
spec:
  capacity:
    storage: 10Gi
  accessModes: ["ReadWriteOnce"]
  hostPath:
    path: /data/disk-b
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data-b
spec:
  accessModes: ["ReadWriteOnce"]
  storageClassName: ""
  volumeName: disk-b
  resources:
    requests:
      storage: 10Gi
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: disk-c
  labels:
    topology.kubernetes.io/zone: zone-c
spec:
  capacity:
    storage: 10Gi
  accessModes: ["ReadWriteOnce"]
  hostPath:
    path: /data/disk-c
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data-c
spec:
  accessModes: ["ReadWriteOnce"]
  storageClassName: ""
  volumeName: disk-c
  resources:
    requests:
      storage: 10Gi
EOF
sleep 2
kubectl get pv,pvc
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: in-b
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data-b
---
apiVersion: v1
kind: Pod
metadata:
  name: in-c
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data-c
EOF
sleep 3
kubectl get pods -o wide
kubectl get events --field-selector reason=FailedScheduling
kubectl label nodes worker-1 topology.kubernetes.io/zone=zone-c --overwrite
sleep 3
kubectl get pods -o wide
