# crictl on a node: ps filters, inspect (containerd's ContainerStatus and its verbose info:
# the CRI config and the OCI runtime spec runc was given: namespaces of the pause process,
# the cgroup path under kind's systemd slices, CPU and memory limits, mounts, args and env)
# and inspectp (the sandbox: its IP and namespace modes, the pause container's spec). `--label`
# filters sandboxes by the pod's labels and the kubelet's own (`io.kubernetes.pod.*`),
# containers by the kubelet's container labels only; `crictl pods --state` is ready or
# notready.
kubectl apply -f - <<'EOF'
apiVersion: v1
kind: Pod
metadata:
  name: limited
  labels: {app: demo}
spec:
  nodeName: worker-1
  containers:
  - name: c
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
    env:
    - name: MODE
      value: demo
    resources:
      requests: {cpu: 100m, memory: 64Mi}
      limits: {cpu: 200m, memory: 128Mi}
EOF
sleep 8
podlife node worker-1 -- crictl ps
podlife node worker-1 -- crictl ps --name c -q
podlife node worker-1 -- crictl ps --name nothing
podlife node worker-1 -- crictl pods --name limited --no-trunc
podlife node worker-1 -- crictl inspect limited
ID=$(podlife node worker-1 -- crictl ps --name c -q)
podlife node worker-1 -- crictl inspect $ID
podlife node worker-1 -- crictl inspect -o yaml -q $ID
podlife node worker-1 -- crictl inspect $ID | grep -E '"(cgroupsPath|oomScoreAdj|limit|quota|shares)"'
POD=$(podlife node worker-1 -- crictl pods --name limited -q)
podlife node worker-1 -- crictl inspectp $POD | grep -E '"(ip|network|pid|ipc|state|cgroupsPath|path)"'
podlife node worker-1 -- crictl inspectp -q -o yaml $POD
podlife node worker-1 -- crictl inspectp nosuchpod
podlife node worker-2 -- crictl inspect
podlife node worker-1 -- crictl inspect -o table $ID
podlife node worker-1 -- crictl ps --bogus
podlife node worker-1 -- crictl pods --label app=demo -q
podlife node worker-1 -- crictl pods --label app=demo --label io.kubernetes.pod.namespace=default
podlife node worker-1 -- crictl pods --label app=other
podlife node worker-1 -- crictl ps --label io.kubernetes.container.name=c -q
podlife node worker-1 -- crictl ps --label app=demo
podlife node worker-1 -- crictl pods --label app
podlife node worker-1 -- crictl pods --state notready
podlife node worker-1 -- crictl pods --state Ready --latest -q
podlife node worker-1 -- crictl pods --state running
