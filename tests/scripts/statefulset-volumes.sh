# volumeClaimTemplates: each ordinal gets its claim data-web-<i>, created before its pod and
# bound here to a hostPath PersistentVolume of the class "manual" (the default cluster has no
# StorageClass, so the script brings one and three volumes). Scaling down keeps the claims
# (whenScaled: Retain, the default); scaling back up reuses them. With whenScaled: Delete the
# claim of a condemned pod gets the pod as its owner first, and the garbage collector deletes
# it once the pod is gone.
kubectl get sc
kubectl apply -f - <<EOF2
apiVersion: storage.k8s.io/v1
kind: StorageClass
metadata:
  name: manual
provisioner: kubernetes.io/no-provisioner
volumeBindingMode: Immediate
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-a
spec:
  capacity: {storage: 1Gi}
  accessModes: ["ReadWriteOnce"]
  storageClassName: manual
  hostPath: {path: /data/a}
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-b
spec:
  capacity: {storage: 1Gi}
  accessModes: ["ReadWriteOnce"]
  storageClassName: manual
  hostPath: {path: /data/b}
---
apiVersion: v1
kind: PersistentVolume
metadata:
  name: pv-c
spec:
  capacity: {storage: 1Gi}
  accessModes: ["ReadWriteOnce"]
  storageClassName: manual
  hostPath: {path: /data/c}
---
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 2
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        volumeMounts:
        - name: data
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      storageClassName: manual
      resources:
        requests:
          storage: 1Gi
EOF2
kubectl rollout status sts/web
kubectl get pods,pvc
kubectl get pvc data-web-0 -o yaml
kubectl get events --field-selector involvedObject.kind=StatefulSet
kubectl scale sts web --replicas=1
sleep 5
kubectl get pods,pvc
kubectl scale sts web --replicas=2
kubectl rollout status sts/web
kubectl get pods,pvc
kubectl apply -f - <<EOF2
apiVersion: apps/v1
kind: StatefulSet
metadata:
  name: web
spec:
  serviceName: web
  replicas: 2
  persistentVolumeClaimRetentionPolicy:
    whenScaled: Delete
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        volumeMounts:
        - name: data
          mountPath: /usr/share/nginx/html
  volumeClaimTemplates:
  - metadata:
      name: data
    spec:
      accessModes: ["ReadWriteOnce"]
      storageClassName: manual
      resources:
        requests:
          storage: 1Gi
EOF2
sleep 2
kubectl scale sts web --replicas=1
sleep 5
kubectl get pods,pvc,pv
kubectl get events --field-selector involvedObject.kind=StatefulSet
