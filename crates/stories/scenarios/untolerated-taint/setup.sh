# Both workers are reserved for batch jobs: only pods that tolerate the taint may land there.
kubectl taint nodes worker-1 dedicated=batch:NoSchedule
kubectl taint nodes worker-2 dedicated=batch:NoSchedule
