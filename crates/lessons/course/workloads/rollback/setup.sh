kubectl create deployment web --image=nginx:1.27 --replicas=3
kubectl annotate deployment/web kubernetes.io/change-cause="nginx 1.27"
kubectl rollout status deployment/web
kubectl set image deployment/web nginx=nginx:1.28
kubectl annotate deployment/web kubernetes.io/change-cause="upgrade to nginx 1.28" --overwrite
kubectl rollout status deployment/web
