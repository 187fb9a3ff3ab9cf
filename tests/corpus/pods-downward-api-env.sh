# page: https://kubernetes.io/docs/tasks/inject-data-application/environment-variable-expose-pod-information/
kubectl apply -f https://k8s.io/examples/pods/inject/dapi-envars-pod.yaml
sleep 10
# page: the node's name, dapi-envars-fieldref, default, the pod's IP, default (the service account)
kubectl logs dapi-envars-fieldref
# page: in the container, printenv shows MY_NODE_NAME, MY_POD_NAME, … as above
kubectl exec dapi-envars-fieldref -- printenv MY_POD_NAMESPACE MY_POD_SERVICE_ACCOUNT
kubectl apply -f https://k8s.io/examples/pods/inject/dapi-envars-container.yaml
sleep 10
# page: "1", "1", "33554432", "67108864" (the CPU request 125m and limit 250m rounded up to whole
# cores with the default divisor 1; memory in bytes)
kubectl logs dapi-envars-resourcefieldref
