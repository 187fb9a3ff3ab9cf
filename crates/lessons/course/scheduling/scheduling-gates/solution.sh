kubectl apply -f report.yaml
sleep 5
kubectl get pod report -o wide
kubectl describe pod report
kubectl patch pod report --type=json -p '[{"op":"remove","path":"/spec/schedulingGates"}]'
sleep 10
kubectl get pod report -o wide
