# page: https://kubernetes.io/docs/tasks/configure-persistent-volume-storage/expand-pvc/ (title
# "Expand a PersistentVolumeClaim"; path as I read it, the index stores the page without its path)
# Prerequisite: "The ALLOWVOLUMEEXPANSION column must be true for the StorageClass that your
# claim uses"
kubectl get storageclass
kubectl apply -f https://k8s.io/examples/pods/storage/expandable-pvc.yaml
kubectl apply -f https://k8s.io/examples/pods/storage/expandable-pvc-pod.yaml
sleep 30
# page: "Confirm that the claim has a status of Bound" (1Gi)
kubectl get pvc expandable-pvc
# The default StorageClass (kind's local-path) shows
# ALLOWVOLUMEEXPANSION false, so upstream's PersistentVolumeClaimResize admission plugin refuses
# the larger request; the page's way on (an admin sets allowVolumeExpansion) is not taken: the
# local-path provisioner has no resizer, CAPACITY would stay 1Gi
kubectl patch pvc expandable-pvc -p '{"spec":{"resources":{"requests":{"storage":"2Gi"}}}}'
sleep 60
kubectl get pvc expandable-pvc
