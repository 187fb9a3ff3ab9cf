kubectl get pods --show-labels
kubectl apply -f web.yaml
sleep 5
kubectl get pods --show-labels
kubectl get pod stray -o jsonpath='{.metadata.ownerReferences}{"\n"}'
kubectl get events --field-selector involvedObject.kind=ReplicaSet
kubectl run extra --image=nginx:1.27 --labels=app=web
sleep 3
kubectl get pods
kubectl get events --field-selector involvedObject.kind=ReplicaSet
