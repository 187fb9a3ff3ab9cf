# Pods selected by a Service are spread by PodTopologySpread's system default constraints
# (hostname maxSkew 3, zone maxSkew 5, ScheduleAnyway) even though they declare none.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata: {name: web}
spec:
  selector: {app: web}
  ports: [{port: 80}]
---
apiVersion: v1
kind: Pod
metadata: {name: web-1, labels: {app: web}}
spec:
  nodeSelector: {kubernetes.io/hostname: worker-1}
  containers: [{name: c, image: nginx:1.27, resources: {requests: {cpu: 100m, memory: 64Mi}}}]
EOF
sleep 1
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata: {name: web-2, labels: {app: web}}
spec:
  containers: [{name: c, image: nginx:1.27, resources: {requests: {cpu: 100m, memory: 64Mi}}}]
EOF
sleep 1
kubectl get pods -o wide
