# Feature gates as a cluster setting (issue 19 §4). A kind cluster takes them when it is made
# (featureGates: in its config, passed to every component's --feature-gates); so does podlife,
# before the script's first command that uses the cluster. Errors are component-base's own
# (staging/src/k8s.io/component-base/featuregate/feature_gate.go).
podlife feature-gates
podlife feature-gates NoSuchGate=true
# GA and locked to its default (kube_features.go: LockToDefault: true).
podlife feature-gates InPlacePodVerticalScaling=false
podlife feature-gates ContainerRestartRules=maybe
podlife feature-gates ContainerRestartRules
# RestartAllContainersOnContainerExits depends on ContainerRestartRules and NodeDeclaredFeatures
# (defaultKubernetesFeatureGateDependencies); nothing of a refused call is kept.
podlife feature-gates NodeDeclaredFeatures=false,RestartAllContainersOnContainerExits=true
podlife feature-gates --frob
# Values accumulate over several lines, as repeated --feature-gates flags do.
podlife feature-gates TaintTolerationComparisonOperators=true
podlife feature-gates ContainerStopSignals=true MemoryQoS=true
# A GA gate set to its (locked) default is accepted with component-base's warning.
podlife feature-gates SidecarContainers=true
podlife feature-gates
kubectl get nodes
# The components are running now: their flags cannot change.
podlife feature-gates HostnameOverride=false
