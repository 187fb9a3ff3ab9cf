# An object with a finalizer is only marked for deletion; removing the last finalizer lets
# the API server delete it.
kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: guarded
  finalizers: [example.com/keep]
data: {a: "1"}
EOF
kubectl delete cm guarded --wait=false
kubectl get cm guarded -o yaml
kubectl apply -f - <<EOF
apiVersion: v1
kind: ConfigMap
metadata:
  name: guarded
  finalizers: []
data: {a: "1"}
EOF
kubectl get cm guarded
