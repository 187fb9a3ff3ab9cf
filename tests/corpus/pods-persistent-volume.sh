# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-persistent-volume-storage/
# page: "Open a shell to the single Node in your cluster" — podlife's default cluster has two
# workers and the hostPath PersistentVolume has no node affinity, so task-pv-pod may land on
# either: the file is prepared on each worker, as a learner with a multi-node kind cluster must
# (`docker exec kind-worker …` there; `podlife node NAME -- …` here).
# page: "sudo mkdir /mnt/data" — a kind node's shell is root and the node image
# (debian:bookworm-slim) has no sudo, as the page's note foresees ("replace sudo with the name
# of the other tool": here, none)
podlife node worker-1 -- bash -c "sudo mkdir /mnt/data"
podlife node worker-1 -- mkdir /mnt/data
podlife node worker-2 -- mkdir /mnt/data
# page: sudo sh -c "echo 'Hello from Kubernetes storage' > /mnt/data/index.html"
podlife node worker-1 -- sh -c "echo 'Hello from Kubernetes storage' > /mnt/data/index.html"
podlife node worker-2 -- sh -c "echo 'Hello from Kubernetes storage' > /mnt/data/index.html"
# page: "cat /mnt/data/index.html": "Hello from Kubernetes storage"
podlife node worker-1 -- cat /mnt/data/index.html
podlife node worker-2 -- cat /mnt/data/index.html
kubectl apply -f https://k8s.io/examples/pods/storage/pv-volume.yaml
# page: task-pv-volume 10Gi RWO Retain Available manual
kubectl get pv task-pv-volume
kubectl apply -f https://k8s.io/examples/pods/storage/pv-claim.yaml
sleep 2
# page: task-pv-volume … Bound default/task-pv-claim manual; task-pv-claim Bound task-pv-volume
# 10Gi RWO manual
kubectl get pv task-pv-volume
kubectl get pvc task-pv-claim
kubectl apply -f https://k8s.io/examples/pods/storage/pv-pod.yaml
sleep 10
kubectl get pod task-pv-pod
# page: "curl http://localhost/" in the container: "Hello from Kubernetes storage"
kubectl exec task-pv-pod -- curl -s http://localhost/
# Clean up: the pod, the claim and the volume, then on each node "sudo rm /mnt/data/index.html"
# and "sudo rmdir /mnt/data" (without sudo, as above)
kubectl delete pod task-pv-pod
kubectl delete pvc task-pv-claim
kubectl delete pv task-pv-volume
podlife node worker-1 -- rm /mnt/data/index.html
podlife node worker-1 -- rmdir /mnt/data
podlife node worker-2 -- sh -c "rm /mnt/data/index.html && rmdir /mnt/data && ls /mnt"
