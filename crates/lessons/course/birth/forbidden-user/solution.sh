kubectl get pods --as=jane
kubectl apply -f pod-reader.yaml
kubectl get pods --as=jane
kubectl get pod web --as=jane
kubectl apply -f - <<EOF
apiVersion: rbac.authorization.k8s.io/v1
kind: Role
metadata:
  name: pod-reader
  namespace: default
rules:
- apiGroups: [""]
  resources: ["pods"]
  verbs: ["get", "list", "watch"]
EOF
kubectl get pods --as=jane
kubectl delete pod web --as=jane
