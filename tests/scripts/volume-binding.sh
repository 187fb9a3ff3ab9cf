# A pod whose PersistentVolumeClaim cannot bind. The claim asks for no class
# (`storageClassName: ""`: kind's default class `standard` is not given to it), so it waits
# for a matching PersistentVolume without one: the PersistentVolume controller says so on
# the claim (FailedBinding, repeated at every 15-second resync), and VolumeBinding's PreFilter
# rejects the pod before any node is looked at. Since 1.34 the message ends in "not found":
# DynamicResources' PostFilter finds no state of its own and fails, so preemption never runs.
# A claim that does not exist at all is VolumeRestrictions' rejection. Once a volume that fits
# appears, the controller binds the claim (the smallest that fits), the claim's update requeues
# the pod, and it runs. Deleting a claim a pod still uses leaves it Terminating (the
# pvc-protection finalizer) until the pod is gone; its volume is then Released (Retain).
kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
  storageClassName: ""
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
---
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
---
apiVersion: v1
kind: Pod
metadata:
  name: orphan
spec:
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts:
    - name: cache
      mountPath: /cache
  volumes:
  - name: cache
    persistentVolumeClaim:
      claimName: cache
EOF
sleep 40
kubectl get pvc
kubectl get pods
kubectl describe pod db
kubectl get events --sort-by=.lastTimestamp
kubectl describe pvc data
kubectl get events -o wide --field-selector involvedObject.name=data
kubectl apply -f - <<EOF
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-large
spec:
  capacity:
    storage: 10Gi
  accessModes: ["ReadWriteOnce"]
  hostPath:
    path: /data/pv-large
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-small
spec:
  capacity:
    storage: 2Gi
  accessModes: ["ReadWriteOnce", "ReadWriteMany"]
  hostPath:
    path: /data/pv-small
EOF
sleep 25
kubectl get pv
kubectl get pvc
kubectl get pods -o wide
kubectl get pvc data -o yaml
kubectl describe pv pv-small
kubectl delete pvc data --wait=false
sleep 2
kubectl get pvc
kubectl delete pod db
sleep 2
kubectl get pvc
kubectl get pv
