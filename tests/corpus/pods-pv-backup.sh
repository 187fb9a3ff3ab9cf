# page: https://kubernetes.io/docs/tutorials/volume-backup/volume-backup-restore/
# ("Volume Backup, Delete and Restore"): task-pv-volume and task-pv-claim from the
# persistent-volume task, the pv-pod-backup pod (httpd serving the claim), a tar.gz of the
# document root copied out with kubectl cp, the files deleted, the archive copied back and
# extracted. The page's interactive shells are `sh -c` here; its `apt install curl` asks
# "Do you want to continue? [Y/n]" at the learner's terminal, answered here by `-y`.
# page: "follow the steps from begining for creating hostpath and index.html file": the
# persistent-volume task's node steps, on each worker (the pod may land on either), without
# its sudo (a kind node's shell is root and has none; see pods-persistent-volume.sh)
podlife node worker-1 -- mkdir /mnt/data
podlife node worker-2 -- mkdir /mnt/data
podlife node worker-1 -- sh -c "echo 'Hello from Kubernetes storage' > /mnt/data/index.html"
podlife node worker-2 -- sh -c "echo 'Hello from Kubernetes storage' > /mnt/data/index.html"
podlife node worker-1 -- cat /mnt/data/index.html
podlife node worker-2 -- cat /mnt/data/index.html
kubectl apply -f https://k8s.io/examples/pods/storage/pv-volume.yaml
# page: task-pv-volume 10Gi RWO Retain Available manual
kubectl get pv task-pv-volume
kubectl apply -f https://k8s.io/examples/pods/storage/pv-claim.yaml
sleep 2
# page: Bound default/task-pv-claim; task-pv-claim Bound task-pv-volume 10Gi RWO manual
kubectl get pv task-pv-volume
kubectl get pvc task-pv-claim
kubectl apply -f https://k8s.io/examples/pods/storage/pv-pod-backup.yaml
sleep 15
kubectl get pod pv-pod-backup
# page: "apt update", "apt install curl", "curl http://localhost/": "Hello from Kubernetes storage"
kubectl exec pv-pod-backup -- apt update
kubectl exec pv-pod-backup -- apt install -y curl
kubectl exec pv-pod-backup -- curl http://localhost/
# Create Backup: in the document root, "tar -czvf /tmp/volume-backup.tar.gz ."
kubectl exec pv-pod-backup -- sh -c 'cd /usr/local/apache2/htdocs && tar -czvf /tmp/volume-backup.tar.gz .'
kubectl cp pv-pod-backup:/tmp/volume-backup.tar.gz ./volume-backup.tar.gz
# Delete the data: the page execs into task-pv-pod, a pod this tutorial never creates
kubectl exec -it task-pv-pod -- /bin/bash
kubectl exec pv-pod-backup -- sh -c 'cd /usr/local/apache2/htdocs && rm -rf * && ls'
# Restore: copy the archive back and extract it in the document root (the page's shell is in
# task-pv-pod again; pv-pod-backup is the pod the archive went to)
kubectl cp ./volume-backup.tar.gz pv-pod-backup:/tmp/volume-backup.tar.gz
kubectl exec pv-pod-backup -- sh -c 'cd /usr/local/apache2/htdocs && tar -xzvf /tmp/volume-backup.tar.gz && ls'
# Test the Restored Data: Running, and the file serves again ("apt update", "apt install
# curl" again on the page: curl is already there, the container was never restarted)
kubectl get pod pv-pod-backup -o wide
kubectl exec pv-pod-backup -- apt install -y curl
kubectl exec pv-pod-backup -- curl http://localhost/
