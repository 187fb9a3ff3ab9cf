# page: https://kubernetes.io/docs/tasks/configure-pod-container/image-volumes/
# (ImageVolume is beta and on in 1.36; kind's containerd 2.x mounts an image volume, and
# quay.io/crio/artifact carries an image config, so it mounts as an image)
kubectl apply -f https://k8s.io/examples/pods/image-volumes.yaml
sleep 15
kubectl get pod image-volume
# the page attaches a shell (`kubectl exec image-volume -it -- bash`) and runs: "cat
# /volume/dir/file" → 1, "cat /volume/file" → 2
kubectl exec image-volume -- cat /volume/dir/file
kubectl exec image-volume -- cat /volume/file
kubectl delete pod image-volume
# "Use subPath": the dir sub path mounted at /volume: "cat /volume/file" → 1 (the page says
# `kubectl attach -it image-volume bash`, which attaches to `sleep infinity`: exec is meant)
kubectl apply -f https://k8s.io/examples/pods/image-volumes-subpath.yaml
sleep 15
kubectl exec image-volume -- cat /volume/file
kubectl exec image-volume -- ls /volume
