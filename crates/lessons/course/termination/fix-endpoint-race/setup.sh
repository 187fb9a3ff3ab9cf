kubectl apply -f web.yaml
kubectl rollout status deployment/web
