# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-persistent-volume-storage/
# (FAILING on the last step, see INVENTORY.md; the golden has the page's answer)
# page: on the node, "sudo mkdir /mnt/data" and "sudo sh -c "echo 'Hello from Kubernetes storage' >
# /mnt/data/index.html"" — podlife has no shell on its nodes (podlife node NAME -- runs crictl and
# journalctl): the file is written through the pod below instead, into the same hostPath
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
kubectl exec task-pv-pod -- sh -c "echo 'Hello from Kubernetes storage' > /usr/share/nginx/html/index.html"
# page: "curl http://localhost/" in the container: "Hello from Kubernetes storage"
kubectl exec task-pv-pod -- curl -s http://localhost/
