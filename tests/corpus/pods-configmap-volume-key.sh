# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-pod-configmap/
# the page's configmap-multikeys.yaml: SPECIAL_LEVEL=very, SPECIAL_TYPE=charm
kubectl create configmap special-config --from-literal=SPECIAL_LEVEL=very --from-literal=SPECIAL_TYPE=charm
# Add ConfigMap data to a specific path in the Volume: "very"
kubectl apply -f https://k8s.io/examples/pods/pod-configmap-volume-specific-key.yaml
sleep 10
kubectl logs dapi-test-pod
kubectl delete pod dapi-test-pod --now
