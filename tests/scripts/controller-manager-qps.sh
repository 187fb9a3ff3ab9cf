# kube-controller-manager's clients are rate-limited as client-go's are: each controller sends 30
# requests at once, then 20 a second (`--kube-api-qps 20`, `--kube-api-burst 30`, upstream's
# defaults), so the pods of a 50-replica Deployment arrive over about two seconds.
podlife controller-manager config
kubectl create deployment slow --image=nginx:1.27 --replicas=50
sleep 1
kubectl get pods -l app=slow --no-headers | wc -l
sleep 2
kubectl get pods -l app=slow --no-headers | wc -l
# Raised, as large clusters do: the process restarts with the new flags, and the next
# Deployment's pods are all created at once.
podlife controller-manager config --kube-api-qps 500 --kube-api-burst 1000
kubectl create deployment fast --image=nginx:1.27 --replicas=50
sleep 1
kubectl get pods -l app=fast --no-headers | wc -l
# client-go's rules: a negative QPS builds no rate limiter; 0 is its default, 5 and 10.
podlife controller-manager config --kube-api-qps -1
podlife controller-manager config --kube-api-qps 0 --kube-api-burst 0
podlife controller-manager config --kube-api-qps 2.5
podlife controller-manager config --kube-api-qps fast
podlife controller-manager config --kube-api-burst
podlife controller-manager config --kube-api-burst=-1
podlife controller-manager
