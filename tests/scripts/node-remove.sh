# A machine leaves for good (`podlife node remove`: it shuts down, then the administrator
# deletes its Node). The node controller records RemovingNode; the DaemonSet controller stops
# counting the node; the pods bound to it stay in the API until the pod garbage collector
# (pkg/controller/podgc, every 20 s) has quarantined the node name for 40 s and GETs the node:
# gone, so each pod is marked Failed with DisruptionTarget (DeletionByPodGC) and force-deleted.
# The ReplicaSet replaces its pod when the deletion is observed.
kubectl apply -f - <<'YAML'
apiVersion: apps/v1
kind: DaemonSet
metadata: {name: agent}
spec:
  selector: {matchLabels: {app: agent}}
  template:
    metadata: {labels: {app: agent}}
    spec:
      containers: [{name: agent, image: busybox:1.36, command: [sleep, "3600"]}]
YAML
kubectl create deployment web --image=nginx:1.27 --replicas=2
sleep 10
kubectl get pods -o wide
podlife node remove worker-2
kubectl get nodes
sleep 5
kubectl get ds
kubectl get pods -o wide
sleep 60
kubectl get pods -o wide
kubectl get events --field-selector reason=RemovingNode
podlife node worker-2 -- crictl ps
podlife node remove worker-2
podlife node add worker-2
sleep 5
kubectl get nodes
kubectl get pods -o wide
