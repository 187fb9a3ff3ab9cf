# page: https://kubernetes.io/docs/concepts/workloads/pods/pod-lifecycle/#restart-all-containers
# "If your cluster has the feature gate RestartAllContainersOnContainerExits enabled": it is alpha
# and off in the 1.36 kube_features.go podlife follows, so it is turned on here as kind's
# featureGates: would (the API server refuses the action otherwise, tests/scripts/gated-fields.sh)
podlife feature-gates RestartAllContainersOnContainerExits=true
kubectl apply -f https://k8s.io/examples/pods/restart-policy/restart-all-containers.yaml
sleep 30
kubectl get pod ml-worker -o wide
uid=$(kubectl get pod ml-worker -o jsonpath='{.metadata.uid}')
# page: "The watcher-sidecar runs a command and then exits with code 88"; "The exit code matches
# the rule, triggering the RestartAllContainers action"; "The entire Pod, including the
# setup-environment init container and the main-application container, is then restarted
# in-place. The pod keeps its UID, sandbox, IP, and volumes."
sleep 45
kubectl get pod ml-worker -o wide
kubectl get pod ml-worker -o jsonpath='{range .status.initContainerStatuses[*]}{.name} {.restartCount}{"\n"}{end}{range .status.containerStatuses[*]}{.name} {.restartCount}{"\n"}{end}'
[ "$uid" = "$(kubectl get pod ml-worker -o jsonpath='{.metadata.uid}')" ] && echo same UID
kubectl get pod ml-worker -o jsonpath='{.status.initContainerStatuses[1].lastState.terminated.exitCode}{"\n"}'
kubectl logs ml-worker -c setup-environment
