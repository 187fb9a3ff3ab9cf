# A week of a Deployment whose image tag does not exist, behind a Service, beside a bare pod
# whose image name has a typo. The kubelet tries each pull again when its back-off ends (10 s
# doubling to 5 minutes, counted from the failed pull: `image_manager.go`,
# `IsInBackOffSinceUpdate`) and syncs each pod every 10–15 s in between, counting BackOff and
# Failed events the spam filter mostly drops. The readiness probe never runs: its container
# never started. Every attempt after the first few fails as the one before, so quiet stretches
# replay them whole, all four pods together: about 1,970 pulls each, the BackOff counts near
# 44,500, the journal's last lines a pull every five minutes, the Deployment past its progress
# deadline and the Service's endpoints never ready.
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata: {name: web}
spec:
  replicas: 3
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
      - name: web
        image: nginx:1.277
        readinessProbe:
          httpGet: {path: /, port: 80}
        volumeMounts: [{name: scratch, mountPath: /tmp}]
      volumes: [{name: scratch, emptyDir: {}}]
EOF
kubectl expose deployment web --port 80
kubectl run typo --image=ngnix:1.27
sleep 604800
kubectl get pods -o wide
kubectl get deployment,replicaset
kubectl describe deployment web
kubectl get endpointslices -l kubernetes.io/service-name=web -o wide
kubectl describe pod typo
kubectl get events --field-selector involvedObject.name=typo
podlife node worker-1 -- journalctl -u containerd --no-pager -n 6
