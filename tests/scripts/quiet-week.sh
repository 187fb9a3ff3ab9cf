# A week in which nothing happens passes in a few quiet stretches. Every periodic task that
# would change nothing — Lease renewals every 10 s, node status reports, readiness and
# liveness probes that keep passing, the kubelet's idle resyncs, kube-proxy's periodic syncs,
# the controllers' monitors — is moved along in one step instead of being run a hundred
# thousand times; the clocks that follow them (Lease renewTime, the Ready condition's
# lastHeartbeatTime) move with them, so the cluster reads as it would after a real week.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    readinessProbe:
      httpGet:
        path: /
        port: 80
      periodSeconds: 5
    livenessProbe:
      tcpSocket:
        port: 80
      periodSeconds: 10
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector:
    app: web
  ports:
  - port: 80
EOF
kubectl get pods -w --watch-only
sleep 604800
kubectl get nodes
kubectl get pods -A
kubectl get endpointslices -l kubernetes.io/service-name=web
kubectl get leases -n kube-node-lease -o custom-columns=NAME:.metadata.name,RENEWED:.spec.renewTime
kubectl get nodes -o custom-columns='NAME:.metadata.name,READY:.status.conditions[?(@.type=="Ready")].status,HEARTBEAT:.status.conditions[?(@.type=="Ready")].lastHeartbeatTime'
date -u
