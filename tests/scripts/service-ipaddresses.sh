# ClusterIPs as kube-apiserver 1.36 allocates them: every address an IPAddress object named by
# the address with the Service as its parentRef, inside the default ServiceCIDR 'kubernetes'
# (pkg/registry/core/service/ipallocator); a taken, an out-of-range and a network address
# refused with upstream's texts; a dry run answers with the range's network address; a change
# to ExternalName and a delete give the address back.
kubectl get servicecidrs
kubectl get ipaddresses
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  ports:
  - port: 80
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: fixed
spec:
  clusterIP: 10.96.0.50
  ports:
  - port: 80
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: taken
spec:
  clusterIP: 10.96.0.50
  ports:
  - port: 80
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: outside
spec:
  clusterIP: 1.1.1.1
  ports:
  - port: 80
EOF
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: netaddr
spec:
  clusterIP: 10.96.0.0
  ports:
  - port: 80
EOF
kubectl apply --dry-run=server -o yaml -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: dry
spec:
  ports:
  - port: 80
EOF
kubectl get svc
kubectl get ipaddresses
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  type: ExternalName
  externalName: example.com
EOF
kubectl get svc web -o yaml
kubectl get ipaddresses
kubectl delete svc fixed
kubectl get ipaddresses
