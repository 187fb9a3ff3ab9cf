kubectl get deploy,rs
kubectl set image deployment/web app=registry.podlife.dev/app:2.0
sleep 1
kubectl get rs
kubectl get pods
kubectl rollout status deployment/web
kubectl get rs
kubectl get events --field-selector involvedObject.kind=Deployment
