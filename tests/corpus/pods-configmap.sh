# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-pod-configmap/
# The page's ConfigMaps come from configmap/configmaps.yaml and configmap/configmap-multikeys.yaml
# (outside the corpus' directories): created here with the same data
kubectl create configmap special-config --from-literal=special.how=very
kubectl create configmap env-config --from-literal=log_level=INFO
# Define container environment variables using ConfigMap data: "the output includes
# SPECIAL_LEVEL_KEY=very"
kubectl apply -f https://k8s.io/examples/pods/pod-single-configmap-env-variable.yaml
sleep 10
kubectl logs dapi-test-pod | grep -E 'SPECIAL_LEVEL_KEY|LOG_LEVEL'
kubectl delete pod dapi-test-pod --now
# with data from multiple ConfigMaps: SPECIAL_LEVEL_KEY=very, LOG_LEVEL=INFO
kubectl apply -f https://k8s.io/examples/pods/pod-multiple-configmap-env-variable.yaml
sleep 10
kubectl logs dapi-test-pod | grep -E 'SPECIAL_LEVEL_KEY|LOG_LEVEL' | sort
kubectl delete pod dapi-test-pod --now
# Configure all key-value pairs in a ConfigMap as container environment variables (the page's
# configmap-multikeys.yaml: SPECIAL_LEVEL=very, SPECIAL_TYPE=charm)
kubectl delete configmap special-config
kubectl create configmap special-config --from-literal=SPECIAL_LEVEL=very --from-literal=SPECIAL_TYPE=charm
kubectl apply -f https://k8s.io/examples/pods/pod-configmap-envFrom.yaml
sleep 10
# page: SPECIAL_LEVEL=very, SPECIAL_TYPE=charm
kubectl logs dapi-test-pod | grep SPECIAL_ | sort
kubectl delete pod dapi-test-pod --now
# Use ConfigMap-defined environment variables in Pod commands: "very charm"
kubectl apply -f https://k8s.io/examples/pods/pod-configmap-env-var-valueFrom.yaml
sleep 10
kubectl logs dapi-test-pod
kubectl delete pod dapi-test-pod --now
# Populate a Volume with data stored in a ConfigMap: "SPECIAL_LEVEL", "SPECIAL_TYPE"
kubectl apply -f https://k8s.io/examples/pods/pod-configmap-volume.yaml
sleep 10
kubectl logs dapi-test-pod
kubectl delete pod dapi-test-pod --now
