# page: https://kubernetes.io/docs/tutorials/stateful-application/basic-stateful-set/ (Parallel
# Pod management). FAILING: web-3 never gets scheduled; the golden has what the page says (see
# INVENTORY.md)
# setup: as in application-basic-statefulset.sh, a default StorageClass and volumes stand in for
# the tutorial's dynamic provisioning
kubectl apply -f - <<'YAML'
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: standard
  annotations:
    storageclass.kubernetes.io/is-default-class: "true"
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
  storageClassName: standard
  hostPath:
    path: /data/pv-$i
YAML
done
# page: "service/nginx created", "statefulset.apps/web created"
kubectl apply -f https://k8s.io/examples/application/web/web-parallel.yaml
# page: "The StatefulSet controller launched both web-0 and web-1 at almost the same time"
kubectl get pod -l app.kubernetes.io/name=nginx -w
sleep 20
# page: "kubectl scale statefulset/web --replicas=4": "The StatefulSet launched two new Pods, and
# it did not wait for the first to become Running and Ready prior to launching the second"
kubectl scale statefulset/web --replicas=4
sleep 20
kubectl get pod -l app.kubernetes.io/name=nginx -o custom-columns=NAME:.metadata.name,STATUS:.status.phase,CREATED:.metadata.creationTimestamp
kubectl get pvc -l app.kubernetes.io/name=nginx
# page (Cleaning up): "kubectl delete sts web" and the Service; the claims stay
kubectl delete sts web
kubectl delete svc nginx
sleep 15
kubectl get pods -l app.kubernetes.io/name=nginx
kubectl get pvc -l app.kubernetes.io/name=nginx -o custom-columns=NAME:.metadata.name,STATUS:.status.phase,VOLUME:.spec.volumeName
