podlife stop kubelet --node worker-1
