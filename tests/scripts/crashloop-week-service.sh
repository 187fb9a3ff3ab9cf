# A week of a Deployment whose two replicas crash on every run, behind a Service. Each run
# turns its pod Ready for about a second: the EndpointSlice and Endpoints controllers write
# the Service's endpoints at both turns, and every kube-proxy syncs its rules. Those writes
# belong to each restart, so quiet stretches still replay the crash loops whole
# (`kubelet/restarts.rs`): the endpoints are left as the last cycle leaves them (both
# addresses not ready), their trigger time that of the last turn, the slice's generation moved
# on by every turn (two per restart, about 7,850), and each kube-proxy rejecting the Service's
# traffic ("has no endpoints"). The Deployment counts its pods ready as they turn; when both
# runs overlap, it turns Available (two of two: maxUnavailable 25 % of 2 rounds down to none)
# and back. A replay cannot redo that, so it ends before such a moment, which runs for real:
# the condition's last turn is a real one, days after the rollout. Fixing the image and
# command rolls the Deployment out: the new pods become ready endpoints at once.
kubectl create deployment web --replicas=2 --image=busybox:1.36 -- sh -c 'echo starting; sleep 1; exit 1'
kubectl expose deployment web --port=80
sleep 604800
kubectl get pods -o wide
kubectl get endpointslices -l kubernetes.io/service-name=web -o yaml
kubectl get endpoints web
kubectl get deployment web -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason} {.lastTransitionTime}{"\n"}{end}'
kubectl describe service web
podlife node worker-1 -- iptables-save -t filter | grep default/web
kubectl set image deployment/web busybox=nginx:1.27
kubectl patch deployment web --type=json -p '[{"op":"remove","path":"/spec/template/spec/containers/0/command"}]'
sleep 60
kubectl get pods
kubectl get endpointslices -l kubernetes.io/service-name=web -o wide
