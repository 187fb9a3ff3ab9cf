# HorizontalPodAutoscaler (kube-controller-manager's horizontal-pod-autoscaler loop, every 15 s).
# kind has no metrics-server: the HPA cannot read `metrics.k8s.io`, says so in its conditions
# and events, and leaves the Deployment alone (TARGETS <unknown>, desired 0). With the add-on
# installed, a busy loop per pod (one core against a request of 250m: 400 %) scales the
# Deployment up: at most max(2 × current, 4) at a time without `behavior`, then to the maximum.
# When the load stops (the pods' command patched to `sleep`), the recommendations of the
# last 5 minutes keep the size (ScaleDownStabilized) until the window has passed.
kubectl apply -f - <<'YAML'
apiVersion: apps/v1
kind: Deployment
metadata:
  name: spin
spec:
  replicas: 1
  selector:
    matchLabels:
      app: spin
  template:
    metadata:
      labels:
        app: spin
    spec:
      containers:
      - name: spin
        image: busybox:1.36
        command: ["sh", "-c", "while true; do :; done"]
        resources:
          requests:
            cpu: 250m
YAML
kubectl autoscale deployment spin --cpu=50% --min=1 --max=6
# Again: the v2 create is refused, kubectl retries with autoscaling/v1 (a CPU utilization
# target fits v1) and prints that refusal.
kubectl autoscale deployment spin --cpu=50% --min=1 --max=6
kubectl get hpa
sleep 20
kubectl get hpa
kubectl describe hpa spin
podlife addon enable metrics-server
sleep 30
kubectl get hpa
sleep 30
kubectl get hpa
kubectl get deployment spin
sleep 30
kubectl get hpa
kubectl get deployment spin
sleep 60
kubectl get hpa
kubectl describe hpa spin
# The load stops: the pods now sleep.
kubectl patch deployment spin --type=json -p '[{"op": "replace", "path": "/spec/template/spec/containers/0/command", "value": ["sleep", "3600"]}]'
sleep 90
kubectl get hpa
kubectl describe hpa spin
sleep 240
kubectl get hpa
kubectl get deployment spin
kubectl get events --field-selector involvedObject.kind=HorizontalPodAutoscaler
kubectl get hpa spin -o yaml
