# When is a pod first Ready? Not a whole probe period after its container starts: each time the
# kubelet computes a pod's status (every sync: the PLEG event of the start, a resync), the
# prober manager gives a started, running container that is not yet Ready an immediate run
# of its readiness probe (pkg/kubelet/prober/prober_manager.go UpdatePodStatus, the worker's
# manualTriggerCh), and that run resets the worker's ticker to a full period from then
# (worker.go). With periodSeconds 30:
# - `quick` listens at once: Ready about a second after its start, not 30 s later.
# - `slow` listens after 3 s: the immediate run is refused, and the next one is 30 s after it.
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Pod
metadata: {name: quick}
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    env: [{name: STARTUP_SECONDS, value: "0"}]
    readinessProbe:
      httpGet: {path: /ready, port: 8080}
      periodSeconds: 30
---
apiVersion: v1
kind: Pod
metadata: {name: slow}
spec:
  containers:
  - name: app
    image: registry.podlife.dev/app:1.0
    env: [{name: STARTUP_SECONDS, value: "3"}]
    readinessProbe:
      httpGet: {path: /ready, port: 8080}
      periodSeconds: 30
YAML
kubectl wait --for=condition=Ready pod/quick --timeout=60s
kubectl get pods
kubectl get pod quick -o jsonpath='started {.status.containerStatuses[0].state.running.startedAt}, Ready {.status.conditions[?(@.type=="Ready")].lastTransitionTime}{"\n"}'
kubectl wait --for=condition=Ready pod/slow --timeout=60s
kubectl get pod slow -o jsonpath='started {.status.containerStatuses[0].state.running.startedAt}, Ready {.status.conditions[?(@.type=="Ready")].lastTransitionTime}{"\n"}'
kubectl get events --field-selector involvedObject.name=slow,reason=Unhealthy
