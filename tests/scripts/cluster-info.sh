# `kubectl cluster-info` (kind prints `kubectl cluster-info --context kind-kind` as the first
# thing to try; kubectl's `clusterinfo.go`): the API server's address, then every Service of
# kube-system labelled `kubernetes.io/cluster-service=true` by its `kubernetes.io/name` label
# at the API server's proxy path of its first port (CoreDNS: `kube-dns:dns`). Another namespace
# with `-n`; a user who may not list Services gets the closing line, then the error.
kubectl cluster-info --context kind-kind
kubectl get svc -n kube-system -l kubernetes.io/cluster-service=true --show-labels
kubectl cluster-info -n default
kubectl cluster-info --as=system:anonymous
kubectl cluster-info dump
