# Every kube-controller-manager controller has an API client of its own, rate-limited at the
# manager's --kube-api-qps 20 / --kube-api-burst 30: thirty requests at once, then twenty a
# second, the events it records taking their share. A ReplicaSet of 120 creates its pods over
# about six seconds; its worker is blocked meanwhile, so the status (CURRENT) is written once,
# after the last create.
kubectl create deployment big --image=nginx:1.27 --replicas=120
sleep 1
kubectl get pods --no-headers | wc -l
kubectl get rs
sleep 2
kubectl get pods --no-headers | wc -l
sleep 3
kubectl get pods --no-headers | wc -l
kubectl get rs
