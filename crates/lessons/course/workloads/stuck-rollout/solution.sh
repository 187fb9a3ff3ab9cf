kubectl set image deployment/web nginx=nginx:1.277
kubectl rollout status deployment/web
kubectl get deploy,rs
kubectl get pods
kubectl get deploy web -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
kubectl rollout undo deployment/web
kubectl rollout status deployment/web
kubectl get deploy web -o jsonpath='{range .status.conditions[*]}{.type} {.status} {.reason}: {.message}{"\n"}{end}'
kubectl get pods
