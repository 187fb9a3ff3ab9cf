# `podlife cluster nodes N` grows the cluster to N nodes: workers named worker-1, worker-2, …
# (the free names, in order) join as `podlife node add` would add them, each registered by its
# kubelet and Ready once the node IPAM controller has given it a podCIDR. It never shrinks the
# cluster, and says why not; a count past the engine's cap is refused.
podlife cluster nodes 6 --cpu 4 --memory 8Gi
sleep 5
kubectl get nodes
kubectl get nodes -o custom-columns=NAME:.metadata.name,CPU:.status.capacity.cpu,MEMORY:.status.capacity.memory,CIDR:.spec.podCIDR
podlife cluster nodes 6
podlife cluster nodes 2
podlife cluster nodes many
podlife cluster nodes 5001
podlife cluster nodes 7 --gpu 1
