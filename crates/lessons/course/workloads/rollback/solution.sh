kubectl rollout history deployment/web
kubectl get rs -o wide
kubectl rollout history deployment/web --revision=1
kubectl rollout undo deployment/web
kubectl rollout status deployment/web
kubectl rollout history deployment/web
kubectl get rs -o wide
kubectl get rs -o jsonpath='{range .items[*]}{.metadata.name} revision={.metadata.annotations.deployment\.kubernetes\.io/revision} history={.metadata.annotations.deployment\.kubernetes\.io/revision-history}{"\n"}{end}'
