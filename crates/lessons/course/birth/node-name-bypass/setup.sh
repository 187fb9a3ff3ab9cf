podlife stop kube-scheduler
