# A new namespace gets its `default` ServiceAccount and `kube-root-ca.crt` ConfigMap from
# kube-controller-manager within milliseconds; pods can be created there right away.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Namespace
metadata:
  name: shop
EOF
sleep 1
kubectl get sa,cm -n shop
kubectl run web --image=nginx:1.27 -n shop
kubectl get pods -n shop
kubectl get pods -A
kubectl get ns shop -o yaml
kubectl run web --image=nginx:1.27 -n nowhere
kubectl delete namespace default
kubectl delete namespace shop
kubectl get ns
kubectl get pods -A
