# Pod fields behind feature gates, with 1.36's default gates. pkg/api/pod/util.go
# dropDisabledFields drops a field whose gate is off (and which the old object did not use);
# pkg/apis/core/validation/validation.go refuses the values a gate does not allow.
# ContainerRestartRules is beta and on: a regular container may have its own restartPolicy and
# restartPolicyRules (validateContainerRestartPolicy).
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: bad-rules
spec:
  restartPolicy: Never
  initContainers:
  - name: sidecar
    image: busybox:1.36
    command: ["sleep", "3600"]
    restartPolicy: Always
    restartPolicyRules:
    - action: Restart
      exitCodes:
        operator: In
        values: [1]
  containers:
  - name: no-policy
    image: busybox:1.36
    restartPolicyRules:
    - action: Restart
      exitCodes:
        operator: In
        values: [42]
  - name: bad
    image: busybox:1.36
    restartPolicy: Sometimes
    restartPolicyRules:
    - action: Retry
      exitCodes:
        operator: Equals
        values: [42]
    - action: Restart
YAML
# RestartAllContainersOnContainerExits is alpha and off: the action is not supported.
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: restart-all
spec:
  restartPolicy: Never
  containers:
  - name: worker
    image: busybox:1.36
    command: ["sh", "-c", "sleep 5; exit 42"]
    restartPolicy: Never
    restartPolicyRules:
    - action: RestartAllContainers
      exitCodes:
        operator: In
        values: [42]
YAML
# TaintTolerationComparisonOperators is alpha and off: Lt and Gt are refused.
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: sla
spec:
  tolerations:
  - key: sla
    operator: Gt
    value: "900"
    effect: NoSchedule
  - key: ""
    operator: Equal
    value: x
  - key: zone
    operator: Exists
    value: a
    effect: NoRun
    tolerationSeconds: 60
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
YAML
# A container whose own policy restarts it on exit code 42 only, in a pod that never restarts:
# its first run exits 42 (restarted), its second exits 1 (not restarted: the pod fails).
# ContainerStopSignals is alpha and off: lifecycle.stopSignal is dropped on create.
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: retry-42
spec:
  restartPolicy: Never
  volumes:
  - name: state
    emptyDir: {}
  containers:
  - name: job
    image: busybox:1.36
    command: ["sh", "-c", "if [ -f /state/ran ]; then sleep 2; exit 1; fi; touch /state/ran; sleep 2; exit 42"]
    volumeMounts:
    - name: state
      mountPath: /state
    restartPolicy: Never
    restartPolicyRules:
    - action: Restart
      exitCodes:
        operator: In
        values: [42]
    lifecycle:
      stopSignal: SIGUSR1
YAML
kubectl get pod retry-42 -o jsonpath='{.spec.containers[0].lifecycle}{"|"}{.spec.containers[0].restartPolicy}{"\n"}'
# GenericWorkload is alpha and off: schedulingGroup is dropped; PodCertificateRequest is beta
# and off: a projected podCertificate source is emptied (dropDisabledPodCertificateProjection).
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: grouped
spec:
  schedulingGroup:
    podGroupName: trainers
  volumes:
  - name: creds
    projected:
      sources:
      - podCertificate:
          signerName: example.com/signer
          keyType: ED25519
          credentialBundlePath: bundle.pem
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
YAML
kubectl get pod grouped -o jsonpath='{.spec.schedulingGroup}|{.spec.volumes[0].projected}{"\n"}'
sleep 3
kubectl get pods
sleep 15
kubectl get pods
kubectl get pod retry-42 -o jsonpath='{.status.phase} {.status.containerStatuses[0].restartCount} {.status.containerStatuses[0].state.terminated.exitCode} {.status.containerStatuses[0].lastState.terminated.exitCode}{"\n"}'
# HostnameOverride is beta and on: the pod's hostname is the override as given, with no domain
# (GeneratePodHostNameAndDomain); validatePodHostName refuses it beside hostNetwork.
# UserNamespacesSupport is beta and on: hostUsers: false is kept (the pod gets a user namespace
# of its own, tests/corpus/pods-user-namespaces.sh).
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: renamed
spec:
  hostUsers: false
  hostnameOverride: db-1.example.internal
  subdomain: ignored
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
YAML
kubectl apply -f - <<YAML
apiVersion: v1
kind: Pod
metadata:
  name: host-renamed
spec:
  hostNetwork: true
  hostnameOverride: Not_A_Name
  containers:
  - name: app
    image: busybox:1.36
    command: ["sleep", "3600"]
YAML
sleep 5
kubectl exec renamed -- hostname
kubectl exec renamed -- cat /etc/hosts
