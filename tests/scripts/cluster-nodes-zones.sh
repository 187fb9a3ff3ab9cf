# `podlife cluster nodes N --zones Z` labels the new nodes with the well-known topology labels,
# round-robin over Z zones of one region (us-east-1a, us-east-1b, … of us-east-1), as a cloud's
# nodes are. A Deployment spread over zones with a DoNotSchedule topology spread constraint
# keeps its replicas' skew between zones within maxSkew; nodes without the zone label (the
# default cluster's workers) are not eligible for it.
podlife cluster nodes 8 --zones 3 --cpu 4 --memory 8Gi
sleep 5
kubectl get nodes -o custom-columns='NAME:.metadata.name,REGION:.metadata.labels.topology\.kubernetes\.io/region,ZONE:.metadata.labels.topology\.kubernetes\.io/zone'
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 6
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      topologySpreadConstraints:
      - {maxSkew: 1, topologyKey: topology.kubernetes.io/zone, whenUnsatisfiable: DoNotSchedule, labelSelector: {matchLabels: {app: web}}}
      containers: [{name: nginx, image: nginx:1.27}]
EOF
sleep 20
kubectl get pods -o wide
kubectl get deployment web
podlife cluster nodes 9 --zones 7
podlife cluster nodes 9 --zones
podlife cluster nodes
