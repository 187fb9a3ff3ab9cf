# RestartAllContainers (KEP-5532), with its alpha gate turned on as kind's featureGates: would.
# A regular container that exits with a code matching a rule whose action is
# RestartAllContainers makes the kubelet restart the whole pod in place: the AllContainersRestarting
# condition (pkg/kubelet/status/generate.go), every container killed without a grace period and
# removed from the runtime, then the init containers and the containers started again in the
# same sandbox (same IP), each shown one restart more with a RestartingAllContainers last state.
podlife feature-gates RestartAllContainersOnContainerExits=true
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: gang
spec:
  restartPolicy: Never
  initContainers:
  - name: fetch-task
    image: busybox:1.36
    command: ["sh", "-c", "echo fetching a task"]
  containers:
  - name: worker
    image: busybox:1.36
    command: ["sh", "-c", "sleep 8; exit 42"]
    restartPolicy: Never
    restartPolicyRules:
    - action: RestartAllContainers
      exitCodes:
        operator: In
        values: [42]
  - name: helper
    image: busybox:1.36
    command: ["sleep", "3600"]
YAML
kubectl get pods -o wide -w
sleep 20
kubectl get pod gang -o wide
kubectl get pod gang -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason}{"\n"}{end}'
kubectl get pod gang -o jsonpath='{range .status.containerStatuses[*]}{.name}: restarts={.restartCount} last={.lastState.terminated.reason}/{.lastState.terminated.exitCode}{"\n"}{end}'
kubectl describe pod gang
