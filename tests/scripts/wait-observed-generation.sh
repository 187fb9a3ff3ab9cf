# kubectl wait --for=condition=… reads the first condition of that type, and a condition
# observed for an older generation does not count (pkg/cmd/wait/wait.go checkCondition: the
# condition's observedGeneration, else status.observedGeneration, below metadata.generation).
# Right after `kubectl set image` the Deployment's Available condition is still True but was
# observed for generation 1 while the spec is at 2: `--timeout=0` says "condition not met"
# until the controller has seen the change. --timeout is a Go duration, parsed by pflag before
# anything else ("30" has no unit, "1d" is no Go unit); --for without a value is an
# unrecognized condition.
kubectl create deployment web --image=nginx:1.27
kubectl rollout status deployment/web
kubectl set image deployment/web nginx=nginx:1.28
kubectl wait --for=condition=Available deployment/web --timeout=0
kubectl get deployment web -o jsonpath='{.metadata.generation} {.status.observedGeneration}{"\n"}'
kubectl wait --for=condition=Available deployment/web
kubectl get deployment web -o jsonpath='{.metadata.generation} {.status.observedGeneration}{"\n"}'
kubectl wait --for=condition=available=TRUE deployment/web --timeout=1m30s
kubectl wait pod/x
kubectl wait --for=condition=Ready pod/x --timeout=30
kubectl wait --for=condition=Ready pod/x --timeout=1d
