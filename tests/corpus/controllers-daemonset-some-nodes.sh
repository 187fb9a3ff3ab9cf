# page: https://kubernetes.io/docs/tasks/manage-daemon/pods-some-nodes/
# (two workers here for the page's example-node-1, -2 and -3; the index's copy of the manifest
# is the nginx-ssd / nginx:latest version, the page today shows ssd-driver / example-image)
# page: Step 1 "Add the label ssd=true to the nodes which have SSDs"
kubectl label nodes worker-1 ssd=true
# page: Step 3 "Create the DaemonSet from the manifest by using kubectl create or kubectl apply"
kubectl apply -f https://k8s.io/examples/controllers/daemonset-label-selector.yaml
sleep 15
kubectl get pods -o wide
# page: "Let's label another node as ssd=true": "Labelling the node automatically triggers the
# control plane (specifically, the DaemonSet controller) to run a new daemon pod on that node"
kubectl label nodes worker-2 ssd=true
sleep 10
# page: one daemon pod per labelled node, Running
kubectl get pods -o wide
