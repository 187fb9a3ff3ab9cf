# page: https://kubernetes.io/docs/reference/node/seccomp/ ("the Pod in the example above runs as
# Unconfined, while the ephemeral-container and init-container specifically defines
# RuntimeDefault … the container, which runs a Localhost profile my-profile.json")
# as its own comment says, ephemeralContainers cannot be set when creating a Pod:
kubectl apply -f https://k8s.io/examples/pods/security/seccomp/fields.yaml
# without the ephemeral container it is accepted; the init container runs under RuntimeDefault,
# and the container's Localhost profile must exist on the node (/var/lib/kubelet/seccomp/
# my-profile.json): it does not, so containerd cannot create the container
kubectl create -f https://k8s.io/examples/pods/security/seccomp/fields.yaml --dry-run=client -o yaml | sed '/ephemeralContainers:/,/type: RuntimeDefault/d' > fields-no-ephemeral.yaml
kubectl apply -f fields-no-ephemeral.yaml
sleep 30
kubectl get pod pod
kubectl get pod pod -o jsonpath='{.spec.securityContext.seccompProfile.type} {.spec.initContainers[0].securityContext.seccompProfile.type} {.spec.containers[0].securityContext.seccompProfile.localhostProfile}{"\n"}'
