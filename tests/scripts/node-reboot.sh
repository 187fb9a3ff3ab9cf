# A node reboots (`podlife node reboot`): every process on it ends at once, without a signal;
# containerd keeps its records — containers exited with code 255, reason Unknown (its CRI
# plugin's unknownExitCode), sandboxes not ready — and the pod's emptyDir stays on disk. While
# it is down crictl cannot reach containerd. 30 s later it boots with a new boot id: the
# kubelet registers again (the Node exists: 409, then a GET), warns "Rebooted", finds the pod's
# sandbox gone ("SandboxChanged"), creates a new one (attempt 1) and starts every container again
# from the first init container (kuberuntime_manager.go computePodActions; initialization is
# judged from the active sandbox's containers) — so an init container that appends to a file
# runs twice: make init containers idempotent. Restart counts go up by one; the previous
# state is "Unknown, exit code 255".
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
    command: ["sh", "-c", "sleep 3600"]
    volumeMounts:
    - {name: data, mountPath: /data}
  volumes:
  - name: data
    emptyDir: {}
YAML
sleep 10
kubectl logs rerun -c counter
podlife node reboot worker-2
sleep 5
kubectl get pods -o wide
kubectl get nodes
podlife node worker-2 -- crictl ps -a
sleep 30
kubectl get pods -o wide
kubectl logs rerun -c counter
podlife node worker-2 -- crictl pods
podlife node worker-2 -- crictl ps -a
kubectl describe pod rerun
kubectl get node worker-2 -o jsonpath='{.status.nodeInfo.bootID}{"\n"}'
kubectl get events --field-selector involvedObject.kind=Node,involvedObject.name=worker-2
