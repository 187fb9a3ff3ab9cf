# --timeout flags are Go durations (time.ParseDuration through pflag's DurationVar): "30" has no
# unit and is pflag's error, before the command does anything. kubectl rollout status waits
# for ever at 0 and, as client-go's ContextWithOptionalTimeout, at a negative timeout too.
kubectl create deployment web --image=nginx:1.27
kubectl rollout status deployment/web --timeout=30
kubectl rollout status deployment/web --timeout=-1s
kubectl drain worker-1 --timeout=5
