# The system pods of the default cluster, as a kind cluster (kind v0.32.0, Kubernetes v1.36.0)
# runs them 70 minutes after `kind create cluster`: the control plane as static pods seen as
# mirror pods, kube-proxy and kindnet as DaemonSets on every node (host network), CoreDNS as a
# two-replica Deployment behind the kube-dns Service (10.96.0.10). Their requests come out of
# each node's allocatable. Upstream: kubeadm's cmd/kubeadm/app/phases/controlplane and
# phases/addons/{proxy,dns}, kind's pkg/build/nodeimage/const_cni.go, pkg/kubelet/config
# (static pods) and pkg/kubelet/pod/mirror_client.go (mirror pods).
kubectl get pods -A -o wide
kubectl get ds,deploy,svc -n kube-system
kubectl describe node worker-1
podlife node control-plane -- crictl pods
podlife node worker-2 -- crictl ps
kubectl get pod -n kube-system etcd-control-plane -o jsonpath='{.metadata.annotations}{"\n"}{.metadata.ownerReferences[0].kind}/{.metadata.ownerReferences[0].name} {.spec.priorityClassName} {.status.podIP} {.status.qosClass}{"\n"}'
# A mirror pod deleted: its kubelet writes it again (a new uid, Pending until the status
# manager's next batch); the static pod's container keeps running.
kubectl delete pod -n kube-system kube-scheduler-control-plane
kubectl get pods -n kube-system -l component=kube-scheduler
sleep 12
kubectl get pods -n kube-system -l component=kube-scheduler
# kube-proxy's pods deleted: the DaemonSet replaces each; each node's kube-proxy stops with
# its old pod's process and starts with the new one (iptables rules stay meanwhile).
kubectl delete pods -n kube-system -l k8s-app=kube-proxy
sleep 5
kubectl get pods -n kube-system -l k8s-app=kube-proxy -o wide
# Names resolve through kube-dns to a CoreDNS pod. With CoreDNS scaled to 0, kube-proxy
# rejects queries to 10.96.0.10 and names stop resolving; IP addresses still work.
kubectl create deployment web --image=nginx:1.27
kubectl expose deployment web --port=80
kubectl run client --image=busybox:1.37 --command -- sleep 3600
sleep 15
kubectl exec client -- wget -qO- -T 2 http://web.default.svc.cluster.local
kubectl -n kube-system scale deployment coredns --replicas=1
sleep 30
kubectl -n kube-system scale deployment coredns --replicas=0
sleep 30
kubectl get pods -n kube-system -l k8s-app=kube-dns
kubectl exec client -- wget -qO- -T 2 http://web
kubectl -n kube-system scale deployment coredns --replicas=2
sleep 20
kubectl get pods -n kube-system -l k8s-app=kube-dns -o wide
kubectl exec client -- wget -qO- -T 2 http://web
