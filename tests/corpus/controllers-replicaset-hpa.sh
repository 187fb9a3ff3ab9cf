# page: https://kubernetes.io/docs/concepts/workloads/controllers/replicaset/
# ReplicaSet as a Horizontal Pod Autoscaler Target
kubectl apply -f https://kubernetes.io/examples/controllers/frontend.yaml
sleep 10
# page: "submitting it to a Kubernetes cluster should create the defined HPA that autoscales the
# target ReplicaSet"
kubectl apply -f https://k8s.io/examples/controllers/hpa-rs.yaml
kubectl delete hpa frontend-scaler
# page: "Alternatively, you can use the kubectl autoscale command to accomplish the same"
kubectl autoscale rs frontend --max=10 --min=3 --cpu-percent=50
