# page: https://kubernetes.io/docs/concepts/storage/projected-volumes/ (clusterTrustBundle and
# podCertificate sources). Both are behind gates that are off in 1.36 (ClusterTrustBundle and
# ClusterTrustBundleProjection beta, off; PodCertificateRequest beta, off — the page: "you must
# enable support for Pod Certificates using the PodCertificateRequest feature gate and the
# --runtime-config=… kube-apiserver flag"). On a default cluster kube-apiserver drops the
# disabled sources (dropDisabledClusterTrustBundleProjection, dropDisabledPodCertificateProjection)
# and accepts the pods with projection entries that name no source: the volumes are empty
kubectl apply -f https://k8s.io/examples/pods/storage/projected-clustertrustbundle.yaml
kubectl apply -f https://k8s.io/examples/pods/storage/projected-podcertificate.yaml
sleep 20
kubectl get pods
kubectl get pod sa-ctb-name-test -o jsonpath='{.spec.volumes[0].projected.sources}{"\n"}'
kubectl get pod podcertificate-pod -o jsonpath='{.spec.volumes[0].projected}{"\n"}'
kubectl exec sa-ctb-name-test -- ls -A /root-certificates
kubectl exec podcertificate-pod -- ls -A /var/run/my-x509-credentials
