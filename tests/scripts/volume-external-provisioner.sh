# A default StorageClass whose provisioner does not run in this cluster (kind's own default,
# `standard`, is served by its local-path provisioner). With two default classes
# DefaultStorageClass admission gives the claim the newest; the pod is schedulable (a
# provisioner could make a volume on any node), so the scheduler's PreBind marks the claim
# with the chosen node and waits for the binding. The PV controller asks the external
# provisioner by annotation and says so on the claim every 15 s.
# After bindTimeoutSeconds (600 s) the binding cycle fails and the pod is retried.
kubectl apply -f - <<EOF
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: nfs
  annotations:
    storageclass.kubernetes.io/is-default-class: "true"
provisioner: example.com/nfs
volumeBindingMode: WaitForFirstConsumer
reclaimPolicy: Delete
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
EOF
sleep 3
kubectl get sc
kubectl describe pvc data
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
sleep 20
kubectl get pods -o wide
kubectl get pvc data -o yaml
kubectl describe pvc data
sleep 600
kubectl get pods
kubectl describe pod db
