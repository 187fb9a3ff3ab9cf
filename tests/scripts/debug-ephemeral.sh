# page: https://kubernetes.io/docs/tasks/debug/debug-application/debug-running-pod/
# (Debugging with an ephemeral debug container; Debugging using a copy of the Pod; Debugging
# via a shell on the node). kubectl debug as kubectl/pkg/cmd/debug (1.36): the ephemeral
# container through pods/ephemeralcontainers, the kubelet's one start of it, describe's
# "Ephemeral Containers:" section, copy mode, node mode, and the subresource's validation.
kubectl run ephemeral-demo --image=registry.k8s.io/pause:3.1 --restart=Never
sleep 5
# The pause image has no shell: runc's exec fails.
kubectl exec -it ephemeral-demo -- sh
# A script cannot type into the debugger; it attaches, then its input ends.
kubectl debug -it ephemeral-demo --image=busybox:1.28 --target=ephemeral-demo
sleep 5
kubectl get pod ephemeral-demo
kubectl get pod ephemeral-demo -o jsonpath='{.spec.ephemeralContainers[0]}'
echo
kubectl get pod ephemeral-demo -o jsonpath='{.status.ephemeralContainerStatuses[0].state}'
echo
# --target: the debugger shares the target's PID namespace (pause is PID 1).
kubectl exec ephemeral-demo -c debugger-bl8xl -- ps
# Without -i, a debug container runs its command once; it is never restarted, and READY
# counts only the pod's containers.
kubectl debug ephemeral-demo --image=busybox:1.28 -c once --target=ephemeral-demo -- sh -c 'echo hello from the debugger; exit 3'
sleep 5
kubectl get pod ephemeral-demo
kubectl logs ephemeral-demo -c once
kubectl get pod ephemeral-demo -o jsonpath='{range .status.ephemeralContainerStatuses[*]}{.name} {.ready} {.restartCount} {.state}{"\n"}{end}'
kubectl describe pod ephemeral-demo
# The subresource's rules: a name already taken, a target that is not there, fields an
# ephemeral container may not have, a static pod.
kubectl debug ephemeral-demo -c ephemeral-demo --image=busybox:1.28
kubectl debug ephemeral-demo -c second --image=busybox:1.28 --target=nosuch
cat > ports.yaml <<'YAML'
ports:
- containerPort: 80
resources:
  limits:
    cpu: 100m
YAML
kubectl debug ephemeral-demo -c third --image=busybox:1.28 --custom=ports.yaml
kubectl debug -n kube-system etcd-control-plane --image=busybox:1.28 -c etcd-debugger
# RBAC: no bootstrap role but cluster-admin grants pods/ephemeralcontainers (edit has pods/exec).
kubectl apply -f - <<'YAML'
apiVersion: rbac.authorization.k8s.io/v1
kind: RoleBinding
metadata:
  name: jane-edit
roleRef:
  apiGroup: rbac.authorization.k8s.io
  kind: ClusterRole
  name: edit
subjects:
- apiGroup: rbac.authorization.k8s.io
  kind: User
  name: jane
YAML
kubectl debug ephemeral-demo --image=busybox:1.28 --as=jane
kubectl auth can-i patch pods --subresource=ephemeralcontainers --as=jane
kubectl auth can-i create pods --subresource=exec --as=jane
# kubectl's own checks
kubectl debug ephemeral-demo
kubectl debug ephemeral-demo --image=busybox:1.28 --copy-to=x --target=ephemeral-demo
kubectl debug ephemeral-demo --image=busybox:1.28 --profile=nosuch
kubectl debug ephemeral-demo --image=busybox:1.28 -t
kubectl delete pod ephemeral-demo
# Copying a Pod while adding a new container
kubectl run myapp --image=busybox:1.28 --restart=Never -- sleep 1d
sleep 5
kubectl debug myapp --image=ubuntu --share-processes --copy-to=myapp-debug
sleep 10
kubectl get pod myapp-debug -o jsonpath='{.spec.shareProcessNamespace} {.spec.containers[*].name}'
echo
kubectl delete pod myapp myapp-debug
# Copying a Pod while changing its command
kubectl run --image=busybox:1.28 myapp -- false
sleep 10
kubectl debug myapp --copy-to=myapp-debug --container=myapp -- sh -c 'echo debugging; sleep 1d'
sleep 5
kubectl get pods
kubectl logs myapp-debug
kubectl delete pod myapp myapp-debug
# Copying a Pod while changing container images
kubectl run myapp --image=busybox:1.28 --restart=Never -- sleep 1d
sleep 5
kubectl debug myapp --copy-to=myapp-debug --set-image=*=ubuntu
kubectl get pod myapp-debug -o jsonpath='{.spec.containers[0].image}'
echo
kubectl delete pod myapp myapp-debug
# Debugging via a shell on the node
kubectl debug node/worker-1 --image=busybox:1.28 -- sleep 1d
sleep 5
kubectl get pods -o wide
kubectl get pod node-debugger-worker-1-9nh66 -o jsonpath='{.spec.hostPID} {.spec.hostNetwork} {.spec.hostIPC} {.spec.volumes[0]} {.spec.containers[0].volumeMounts}'
echo
# --profile=sysadmin: privileged
kubectl debug node/worker-2 --image=busybox:1.28 --profile=sysadmin -- sleep 1d
kubectl get pods -l app.kubernetes.io/managed-by=kubectl-debug -o jsonpath='{range .items[*]}{.metadata.name} {.spec.containers[0].securityContext}{"\n"}{end}'
# The profiles' effects on an ephemeral container (profiles.go); legacy is deprecated.
kubectl run profiles --image=busybox:1.28 --restart=Never -- sleep 1d
sleep 5
kubectl debug profiles --image=busybox:1.28 -c legacy --profile=legacy -- sleep 1d
kubectl debug profiles --image=busybox:1.28 -c general -- sleep 1d
kubectl debug profiles --image=busybox:1.28 -c baseline --profile=baseline -- sleep 1d
kubectl debug profiles --image=busybox:1.28 -c restricted --profile=restricted -- sleep 1d
kubectl debug profiles --image=busybox:1.28 -c netadmin --profile=netadmin -- sleep 1d
kubectl debug profiles --image=busybox:1.28 -c sysadmin --profile=sysadmin -- sleep 1d
sleep 5
kubectl get pod profiles -o jsonpath='{range .spec.ephemeralContainers[*]}{.name} {.securityContext}{"\n"}{end}'
