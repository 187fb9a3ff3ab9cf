# Growing a claim: the PersistentVolumeClaimResize admission plugin
# (plugin/pkg/admission/storage/persistentvolume/resize) lets a claim's storage request grow
# only once it is Bound and only when its StorageClass sets allowVolumeExpansion: true (kind's
# `standard` does not). Shrinking is refused by validation below status.capacity
# (RecoverVolumeExpansionFailure). (Not modelled: validation's refusal of any other spec change,
# an unbound claim's request included, whose message carries a Go cmp.Diff.)
kubectl apply -f - <<YAML
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: expandable
provisioner: rancher.io/local-path
volumeBindingMode: WaitForFirstConsumer
allowVolumeExpansion: true
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: unused
spec:
  accessModes: ["ReadWriteOnce"]
  resources:
    requests:
      storage: 1Gi
---
apiVersion: v1
kind: PersistentVolumeClaim
metadata:
  name: grows
spec:
  storageClassName: expandable
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
      claimName: grows
YAML
sleep 20
kubectl get sc
kubectl get pvc
# still Pending (WaitForFirstConsumer, no pod): not bound, so not expandable
kubectl patch pvc unused -p '{"spec":{"resources":{"requests":{"storage":"2Gi"}}}}'
# Bound, in a class that allows expansion: admitted (local-path has no resizer, so the
# capacity stays 1Gi)
kubectl patch pvc grows -p '{"spec":{"resources":{"requests":{"storage":"2Gi"}}}}'
kubectl get pvc grows -o jsonpath='{.spec.resources.requests.storage} {.status.capacity.storage}{"\n"}'
# back to 1Gi: not above status.capacity
kubectl patch pvc grows -p '{"spec":{"resources":{"requests":{"storage":"1Gi"}}}}'
