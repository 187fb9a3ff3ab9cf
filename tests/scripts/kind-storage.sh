# kind's storage: the local-path-storage namespace, rancher's local-path-provisioner on the
# control-plane node, and the default StorageClass `standard` (rancher.io/local-path,
# WaitForFirstConsumer). A claim without a class gets `standard`; once a pod uses it and is
# scheduled, the PV controller hands the claim to the provisioner, which runs a helper pod on
# the chosen node to make the directory, then creates the volume; the PV controller binds the
# pair and the pod starts. Deleting the claim releases the volume, and its Delete policy has
# the provisioner run a second helper pod (teardown) and delete the volume.
kubectl get ns
kubectl get pods -A -o wide
kubectl get sc
kubectl get sc standard -o yaml
kubectl get deploy,cm -n local-path-storage
kubectl get pod -n local-path-storage -l app=local-path-provisioner -o yaml
kubectl apply -f - <<YAML
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: data
spec:
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
    command: ["sh", "-c", "echo hello > /data/f; sleep 3600"]
    volumeMounts:
    - name: data
      mountPath: /data
  volumes:
  - name: data
    persistentVolumeClaim:
      claimName: data
YAML
sleep 1
kubectl get pods -n local-path-storage -o wide
kubectl get pod -n local-path-storage -l '!app' -o yaml
sleep 14
kubectl get pvc,pv
kubectl get pods -o wide
kubectl describe pvc data
kubectl get pv -o yaml
kubectl exec db -- ls -ld /data
kubectl exec db -- cat /data/f
kubectl get events -n local-path-storage
kubectl delete pod db
kubectl delete pvc data
sleep 1
kubectl get pods -n local-path-storage
kubectl get pv
sleep 5
kubectl get pv
