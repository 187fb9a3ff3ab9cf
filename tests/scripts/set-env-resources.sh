# kubectl set env and kubectl set resources: list, set, remove, import from a ConfigMap or a
# Secret, container selection, the rollouts they start, and what kubectl refuses.
kubectl create deployment web --image=busybox:1.36 --replicas=2 -- sleep 3600
kubectl create configmap settings --from-literal=log.level=debug --from-literal=MODE=fast
kubectl create secret generic creds --from-literal=password=s3cret
sleep 10
kubectl set env deployment/web --list
kubectl set env deployment/web GREETING=hello TIER=frontend
kubectl set env deployment/web GREETING=hello
kubectl set env deployment/web --from=configmap/settings --prefix=APP_
kubectl set env deployment/web --from=secret/creds --keys=password
kubectl set env deployment/web --list
kubectl set env deployment/web --list --resolve
kubectl set env deployment/web TIER-
kubectl set env deployment/web GREETING=bye --overwrite=false
kubectl set env deployment/web -c sidecar X=1
kubectl set env deployment/web X=1 deployment/other
kubectl set env deployment/web 1X=1
kubectl set env deployment/web A=1 A-
kubectl set env deployment/web --keys=a
kubectl set env deployment/web --list -o yaml
kubectl set env deployment/web MODE=slow --dry-run=client -o jsonpath='{.spec.template.spec.containers[0].env[*].name}{"\n"}'
kubectl rollout status deployment/web --timeout=60s
kubectl rollout history deployment/web
kubectl get pods -l app=web -o jsonpath='{range .items[*]}{.spec.containers[0].env[*].name}{"\n"}{end}'
POD=$(kubectl get pods -l app=web -o jsonpath='{.items[0].metadata.name}')
kubectl exec $POD -- printenv GREETING APP_LOG_LEVEL PASSWORD
kubectl set env pod/$POD GREETING=direct
kubectl set env pods --all --list
kubectl set env service/kubernetes X=1
kubectl set resources deployment web --limits=cpu=200m,memory=256Mi --requests=cpu=100m,memory=0.125Gi
kubectl set resources deployment web --limits=cpu=200m
kubectl set resources deployment web -c=busybox --limits=cpu=300m
kubectl set resources deployment web -c=sidecar --limits=cpu=300m
kubectl set resources deployment web
kubectl set resources deployment web --limits=cpu
kubectl set resources deployment web --limits=cpu=lots
kubectl get deployment web -o jsonpath='{.spec.template.spec.containers[0].resources}{"\n"}'
kubectl rollout status deployment/web --timeout=60s
sleep 30
kubectl get pods -l app=web
kubectl get pods -l app=web -o jsonpath='{range .items[*]}{.spec.containers[0].resources.limits.cpu}{"\n"}{end}' | sort | uniq -c
kubectl describe pod -l app=web | grep -E "^      (cpu|memory):"
