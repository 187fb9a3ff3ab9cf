# A shell on a node, as `docker exec kind-worker …` gives one on a kind node (debian
# bookworm-slim, root, no sudo): the command runs as argv, `sh -c` is dash and `bash -c` bash;
# the files go to the node's disk, which hostPath volumes mount. Another node has its own disk.
podlife node worker-1 -- mkdir /mnt/data/html
podlife node worker-1 -- mkdir -p /mnt/data
podlife node worker-1 -- sh -c "echo 'Hello from Kubernetes storage' > /mnt/data/index.html"
podlife node worker-1 -- cat /mnt/data/index.html
podlife node worker-1 -- ls -l /mnt/data
podlife node worker-1 -- sh -c 'hostname; id; cat /etc/hostname; ls /'
# Files put on the node before (a seccomp profile through tee) are there too.
podlife node worker-1 -- tee /var/lib/kubelet/seccomp/profiles/audit.json > /dev/null <<'EOT'
{"defaultAction": "SCMP_ACT_LOG"}
EOT
podlife node worker-1 -- ls /var/lib/kubelet /var/lib/kubelet/seccomp/profiles
# No sudo on a kind node: dash, bash and docker exec each say so in their own words.
podlife node worker-1 -- sh -c "sudo mkdir /mnt/data"
echo $?
podlife node worker-1 -- bash -c "sudo mkdir /mnt/data"
podlife node worker-1 -- sudo mkdir /mnt/data
echo $?
# A program of the node image that podlife does not model there, and one read from stdin.
podlife node worker-1 -- curl -s http://localhost:10248/healthz
podlife node worker-1 -- sh -c 'cat > /mnt/data/notes.txt; wc -l /mnt/data/notes.txt' <<EOT
one
two
EOT
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata:
  name: reader
spec:
  nodeName: worker-1
  containers:
  - name: c
    image: busybox:1.36
    command: ["sleep", "3600"]
    volumeMounts:
    - {name: data, mountPath: /data}
  volumes:
  - name: data
    hostPath: {path: /mnt/data}
YAML
sleep 5
kubectl exec reader -- cat /data/index.html
kubectl exec reader -- sh -c 'echo from the pod > /data/pod.txt'
podlife node worker-1 -- ls /mnt/data
# worker-2's disk has no /mnt/data; an unknown node is an error.
podlife node worker-2 -- cat /mnt/data/index.html
podlife node worker-2 -- ls /mnt
podlife node worker-9 -- ls /
