# page: https://kubernetes.io/docs/tutorials/security/seccomp/
# "Download example seccomp profiles" and "Create a local Kubernetes cluster with kind": the
# page's kind.yaml mounts ./profiles at /var/lib/kubelet/seccomp/profiles on its one node.
# podlife's cluster is given, so the profiles are put there on each worker (as `docker exec -i
# NODE tee FILE` would). violation.json is the page's; audit.json is its one-line profile;
# fine-grained.json is not in the copy of the website this was checked against — the stand-in
# below has its shape (refuse by default, allow the syscalls http-echo makes, execve among them)
# example: pods/security/seccomp/profiles/violation.json (its text, below)
for NODE in worker-1 worker-2; do
podlife node $NODE -- tee /var/lib/kubelet/seccomp/profiles/audit.json > /dev/null <<EOF
{
    "defaultAction": "SCMP_ACT_LOG"
}
EOF
podlife node $NODE -- tee /var/lib/kubelet/seccomp/profiles/violation.json > /dev/null <<EOF
{
    "defaultAction": "SCMP_ACT_ERRNO"
}
EOF
podlife node $NODE -- tee /var/lib/kubelet/seccomp/profiles/fine-grained.json > /dev/null <<EOF
{
    "defaultAction": "SCMP_ACT_ERRNO",
    "architectures": ["SCMP_ARCH_X86_64", "SCMP_ARCH_X86", "SCMP_ARCH_X32"],
    "syscalls": [
        {
            "names": ["accept4", "epoll_wait", "pselect6", "futex", "madvise", "epoll_ctl", "getsockname", "setsockopt", "vfork", "mmap", "read", "write", "close", "arch_prctl", "sched_getaffinity", "munmap", "brk", "rt_sigaction", "rt_sigprocmask", "sigaltstack", "gettid", "clone", "bind", "socket", "openat", "readlinkat", "exit_group", "epoll_create1", "listen", "rt_sigreturn", "sched_yield", "clock_gettime", "connect", "dup2", "epoll_pwait", "execve", "exit", "fcntl", "getpid", "getuid", "ioctl", "mprotect", "nanosleep", "open", "poll", "recvfrom", "sendto", "set_tid_address", "setitimer", "writev"],
            "action": "SCMP_ACT_ALLOW"
        }
    ]
}
EOF
done
# "Create Pod that uses the container runtime default seccomp profile": "The Pod should be
# showing as having started successfully"
kubectl apply -f https://k8s.io/examples/pods/security/seccomp/ga/default-pod.yaml
sleep 20
kubectl get pod default-pod
kubectl delete pod default-pod --wait --now
# "Create a Pod with a seccomp profile for syscall auditing": "This profile does not restrict
# any syscalls, so the Pod should start successfully"; through a NodePort Service it answers
# "just made some syscalls!" (the page curls localhost:NODEPORT inside the kind node; here a
# client pod reaches the control-plane node's address at that port)
kubectl apply -f https://k8s.io/examples/pods/security/seccomp/ga/audit-pod.yaml
sleep 20
kubectl get pod/audit-pod
kubectl expose pod audit-pod --type NodePort --port 5678
kubectl get service audit-pod
kubectl run client --image=busybox:1.36 -- sleep 3600
sleep 10
NODE_IP=$(kubectl get node control-plane -o jsonpath='{.status.addresses[0].address}')
kubectl exec client -- wget -qO- http://$NODE_IP:$(kubectl get service audit-pod -o jsonpath='{.spec.ports[0].nodePort}')
kubectl delete service audit-pod --wait
kubectl delete pod audit-pod --wait --now
# "Create Pod with a seccomp profile that causes violation": "The Pod creates, but there is an
# issue. If you check the status of the Pod, you should see that it failed to start":
# violation-pod 0/1 CrashLoopBackOff 1
kubectl apply -f https://k8s.io/examples/pods/security/seccomp/ga/violation-pod.yaml
sleep 6
kubectl get pod/violation-pod
# runc cannot even exec http-echo under a filter that refuses every syscall: StartError, then
# the back-off; the STATUS column shows the reason the kubelet's previous sync left
# (RunContainerError after a failed start, CrashLoopBackOff after a sync in back-off)
kubectl delete pod violation-pod --wait --now
# "Create Pod with a seccomp profile that only allows necessary syscalls": Running, and it
# answers through its NodePort
kubectl apply -f https://k8s.io/examples/pods/security/seccomp/ga/fine-pod.yaml
sleep 20
kubectl get pod fine-pod
kubectl expose pod fine-pod --type NodePort --port 5678
sleep 5
kubectl exec client -- wget -qO- http://$NODE_IP:$(kubectl get service fine-pod -o jsonpath='{.spec.ports[0].nodePort}')
kubectl delete service fine-pod --wait
kubectl delete pod fine-pod --wait --now
