# Istio's sidecar injection, end to end. `istioctl install` (minimal profile) applies istiod
# and its MutatingWebhookConfigurations and waits for istiod; a namespace labelled
# istio-injection=enabled then has every new pod sent to istiod's /inject, which adds two
# init containers: istio-init (writes the pod's nat rules) and istio-proxy (Envoy, a native
# sidecar: restartPolicy Always). The app's traffic leaves through Envoy (port 15001) and
# enters through it (15006) without the app knowing. A pod labelled
# sidecar.istio.io/inject=false is left alone.
istioctl install --set profile=minimal -y
kubectl get pods -n istio-system
kubectl get mutatingwebhookconfigurations
kubectl label namespace default istio-injection=enabled
sleep 5
kubectl apply -f - <<'YAML'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: web
spec:
  replicas: 1
  selector:
    matchLabels: {app: web}
  template:
    metadata:
      labels: {app: web}
    spec:
      containers:
      - name: web
        image: registry.podlife.dev/app:1.0
        ports:
        - containerPort: 8080
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - name: http
    port: 80
    targetPort: 8080
YAML
kubectl run client --image=curlimages/curl:8.18.0 --command -- sleep 3600
kubectl run plain --image=curlimages/curl:8.18.0 --labels=sidecar.istio.io/inject=false --command -- sleep 3600
sleep 20
kubectl get pods
kubectl get pod client -o jsonpath='{range .spec.initContainers[*]}{.name} {.image} {.restartPolicy}{"\n"}{end}'
kubectl describe pod client
kubectl logs client -c istio-init
kubectl exec client -- curl -si http://web/
kubectl exec plain -- curl -si http://web/
kubectl scale deployment web --replicas=0
sleep 10
kubectl exec client -- curl -si http://web/
istioctl version
