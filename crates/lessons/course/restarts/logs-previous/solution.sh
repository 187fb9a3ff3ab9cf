kubectl apply -f importer.yaml
sleep 25
kubectl get pods
kubectl logs importer
kubectl logs importer --previous
kubectl describe pod importer
