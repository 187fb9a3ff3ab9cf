# Files live with the volume that holds them, not with the pod. A StatefulSet pod re-created on
# its own claim finds what its predecessor wrote (the local PersistentVolume pins it to the
# node that has the disk); a hostPath directory is the node's, seen again by the next pod on
# that node and not by a pod elsewhere; an NFS volume is the same from every node; an emptyDir
# goes with its pod.
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
  name: disk-worker-1
spec:
  capacity: {storage: 1Gi}
  accessModes: ["ReadWriteOnce"]
  storageClassName: local-storage
  local: {path: /mnt/disks/vol1}
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions:
        - {key: kubernetes.io/hostname, operator: In, values: [worker-1]}
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: disk-worker-2
spec:
  capacity: {storage: 1Gi}
  accessModes: ["ReadWriteOnce"]
  storageClassName: local-storage
  local: {path: /mnt/disks/vol1}
  nodeAffinity:
    required:
      nodeSelectorTerms:
      - matchExpressions:
        - {key: kubernetes.io/hostname, operator: In, values: [worker-2]}
---
apiVersion: v1
kind: Service
metadata:
  name: db
spec:
  clusterIP: None
  selector: {app: db}
  ports:
  - port: 80
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: db
spec:
  serviceName: db
  replicas: 2
  selector:
    matchLabels: {app: db}
  template:
    metadata:
      labels: {app: db}
    spec:
      containers:
      - name: db
        image: busybox:1.36
        command: ["sh", "-c", "sleep 3600"]
        volumeMounts:
        - {name: data, mountPath: /data}
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      storageClassName: local-storage
      resources: {requests: {storage: 1Gi}}
EOF
sleep 30
kubectl get pods -o wide
kubectl get pvc
kubectl exec db-1 -- sh -c "echo precious > /data/file"
kubectl delete pod db-1
sleep 20
kubectl get pods -o wide
kubectl exec db-1 -- cat /data/file
kubectl exec db-0 -- ls /data
# hostPath: the node's directory.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: writer
spec:
  nodeName: worker-1
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "echo from-writer > /host/note; sleep 3600"]
    volumeMounts:
    - {name: host, mountPath: /host}
  volumes:
  - name: host
    hostPath: {path: /var/tmp/shared}
EOF
sleep 5
kubectl delete pod writer
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: reader-same-node
spec:
  nodeName: worker-1
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - {name: host, mountPath: /host}
  volumes:
  - name: host
    hostPath: {path: /var/tmp/shared}
---
apiVersion: v1
kind: Pod
metadata:
  name: reader-other-node
spec:
  nodeName: worker-2
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - {name: host, mountPath: /host}
  volumes:
  - name: host
    hostPath: {path: /var/tmp/shared}
EOF
sleep 5
kubectl exec reader-same-node -- cat /host/note
kubectl exec reader-other-node -- cat /host/note
# NFS: storage outside the nodes.
kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: shared-nfs
spec:
  capacity: {storage: 1Gi}
  accessModes: ["ReadWriteMany"]
  storageClassName: ""
  nfs: {server: nfs.example.internal, path: /exports/shared}
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: shared
spec:
  accessModes: ["ReadWriteMany"]
  storageClassName: ""
  resources: {requests: {storage: 1Gi}}
---
apiVersion: v1
kind: Pod
metadata:
  name: nfs-a
spec:
  nodeSelector: {kubernetes.io/hostname: worker-1}
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "echo hello-from-a > /shared/greeting; sleep 3600"]
    volumeMounts:
    - {name: shared, mountPath: /shared}
  volumes:
  - name: shared
    persistentVolumeClaim: {claimName: shared}
---
apiVersion: v1
kind: Pod
metadata:
  name: nfs-b
spec:
  nodeSelector: {kubernetes.io/hostname: worker-2}
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - {name: shared, mountPath: /shared}
  volumes:
  - name: shared
    persistentVolumeClaim: {claimName: shared}
EOF
sleep 20
kubectl exec nfs-b -- cat /shared/greeting
# emptyDir: the pod's own directory, deleted with the pod.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: scratch
spec:
  nodeName: worker-1
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - {name: tmp, mountPath: /tmp/work}
  volumes:
  - name: tmp
    emptyDir: {}
EOF
sleep 5
kubectl exec scratch -- sh -c "echo draft > /tmp/work/notes"
kubectl exec scratch -- cat /tmp/work/notes
kubectl delete pod scratch
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: scratch
spec:
  nodeName: worker-1
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - {name: tmp, mountPath: /tmp/work}
  volumes:
  - name: tmp
    emptyDir: {}
EOF
sleep 5
kubectl exec scratch -- cat /tmp/work/notes
