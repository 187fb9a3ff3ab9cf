# An operator's crictl on a node (seed 002: init containers may run more than once). `crictl stopp`
# stops a pod's sandbox as containerd does (its containers killed at once, the pause container,
# CNI DEL); the kubelet sees the sandbox gone at its next relist, records SandboxChanged and
# re-creates it (ATTEMPT 1) — and runs the init container again, so the emptyDir holds two
# lines. An unknown sandbox is not an error (StopPodSandbox is idempotent). `crictl stop` kills
# a container (timeout 0: SIGKILL, no trap runs) and the kubelet restarts it.
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: rerun
spec:
  nodeName: worker-2
  initContainers:
  - name: counter
    image: busybox:1.36
    command: ["sh", "-c", "echo run >> /data/runs; cat /data/runs"]
    volumeMounts:
    - {name: data, mountPath: /data}
  containers:
  - name: app
    image: busybox:1.36
    command: ["sh", "-c", "trap 'echo bye' TERM; sleep 3600 & wait"]
    volumeMounts:
    - {name: data, mountPath: /data}
  volumes:
  - name: data
    emptyDir: {}
YAML
sleep 10
kubectl logs rerun -c counter
POD=$(podlife node worker-2 -- crictl pods --name rerun -q)
podlife node worker-2 -- crictl stopp $POD
podlife node worker-2 -- crictl stopp nonexistent
podlife node worker-2 -- crictl stopp
podlife node worker-2 -- crictl pods --name rerun
kubectl get pod rerun
sleep 5
kubectl get pod rerun
podlife node worker-2 -- crictl pods --name rerun
podlife node worker-2 -- crictl ps -a --name counter
kubectl logs rerun -c counter
kubectl get events --field-selector involvedObject.name=rerun
C=$(podlife node worker-2 -- crictl ps --name app -q)
podlife node worker-2 -- crictl stop $C
podlife node worker-2 -- crictl stop deadbeef
sleep 15
kubectl get pod rerun
