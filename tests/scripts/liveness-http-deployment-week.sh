# A week of three nginx replicas whose liveness probe asks for a path nginx does not serve:
# every probe gets 404, three failures 5 s apart and the kubelet stops the container with the
# image's STOPSIGNAL (SIGQUIT: nginx shuts down at once and exits 0, its shutdown lines in the
# log). At the 5-minute cap each cycle is two runs, the second kill meeting the back-off. The
# kill follows the probe's ticker, not the container's start, so the shutdown lines keep their
# distance to the first failing probe (compared within a tick: the CRI latencies are drawn).
# The three pods crash in their own phases: quiet stretches replay them together
# (`kubelet/restarts.rs`), ending before any moment all three would be ready at once (the
# Deployment's MinAvailable of 3 of 3, which would turn it Available).
kubectl apply -f - <<EOF
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 3
  selector:
    matchLabels:
      app: web
  template:
    metadata:
      labels:
        app: web
    spec:
      containers:
      - name: nginx
        image: nginx:1.27
        livenessProbe:
          httpGet:
            path: /healthz
            port: 80
          periodSeconds: 5
EOF
sleep 604800
kubectl get pods
kubectl get deployment web
kubectl get deployment web -o jsonpath='{range .status.conditions[*]}{.type}={.status} {.reason} {.lastTransitionTime}{"\n"}{end}'
kubectl describe pod -l app=web | grep -E "^Name:|Restart Count|Exit Code|Started:|Finished:"
kubectl get events --sort-by=.involvedObject.name -o custom-columns=OBJECT:.involvedObject.name,REASON:.reason,COUNT:.count,LAST:.lastTimestamp
kubectl logs deployment/web --previous | tail -4
