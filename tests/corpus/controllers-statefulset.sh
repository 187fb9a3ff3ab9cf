# page: https://kubernetes.io/docs/concepts/workloads/controllers/statefulset/
# setup: the page assumes "PersistentVolumes provisioned by a PersistentVolume Provisioner" for
# the StorageClass my-storage-class; podlife runs no provisioner (as a bare kubeadm cluster), so
# the class has none and three 1Gi volumes are made by hand
kubectl apply -f - <<'YAML'
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: my-storage-class
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: WaitForFirstConsumer
YAML
for i in 0 1 2; do kubectl apply -f - <<YAML
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-$i
spec:
  capacity:
    storage: 1Gi
  accessModes: ["ReadWriteOnce"]
  storageClassName: my-storage-class
  hostPath:
    path: /data/pv-$i
YAML
done
kubectl apply -f https://k8s.io/examples/controllers/statefulset.yaml
# page: "three Pods will be deployed in the order web-0, web-1, web-2. web-1 will not be deployed
# before web-0 is Running and Ready" (and, with minReadySeconds: 10, available)
sleep 8
kubectl get pods -l app=nginx
sleep 15
kubectl get pods -l app=nginx
sleep 30
kubectl get pods -l app=nginx
kubectl get statefulset web
# page (Stable Storage): "each Pod will receive a single PersistentVolume with a StorageClass of
# my-storage-class and 1 Gib"
kubectl get pvc
# page (Pod Name Label): statefulset.kubernetes.io/pod-name set to the name of the Pod (and the
# apps.kubernetes.io/pod-index label, Pod Index Label on by default since 1.28)
kubectl get pods -l app=nginx --show-labels
# page (Stable Network ID): hostname web-{0..N-1}, DNS web-{0..N-1}.nginx.default.svc.cluster.local
kubectl exec web-1 -- hostname
kubectl run -i --rm dns-test --image=busybox:1.28 --restart=Never -- nslookup web-0.nginx.default.svc.cluster.local
# page: "If a user were to scale the deployed example by patching the StatefulSet such that
# replicas=1, web-2 would be terminated first. web-1 would not be terminated until web-2 is fully
# shutdown and deleted"
kubectl patch statefulset web -p '{"spec":{"replicas":1}}'
sleep 2
kubectl get pods -l app=nginx
sleep 15
kubectl get pods -l app=nginx
# (nginx stops at once on SIGTERM: both are gone within 2 s; the events give the order)
kubectl get events --field-selector reason=SuccessfulDelete
# page: the PersistentVolumes "are not deleted when the Pods, or StatefulSet are deleted"
kubectl get pvc
