# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-persistent-volume-storage/
# ("Mounting the same PersistentVolume in two places"): the page creates task-pv-volume and
# task-pv-claim, puts html/index.html and nginx.conf under /mnt/data on the node, then applies
# pv-duplicate.yaml — whose claim is named test-nfs-claim, not task-pv-claim
podlife node worker-1 -- tee /mnt/data/html/index.html > /dev/null <<EOF
Hello from Kubernetes storage
EOF
kubectl apply -f https://k8s.io/examples/pods/storage/pv-volume.yaml
kubectl apply -f https://k8s.io/examples/pods/storage/pv-claim.yaml
sleep 2
kubectl apply -f https://k8s.io/examples/pods/storage/pv-duplicate.yaml
sleep 5
# page: "Verify that the container in the Pod is running" — with no claim of that name the
# scheduler cannot place the pod
kubectl get pod test
kubectl describe pod test | sed -n '/^Events:/,$p'
