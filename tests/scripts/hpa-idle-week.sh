# An HorizontalPodAutoscaler is synced every 15 s, for as long as it exists. Once nothing it
# reads moves — the target's scale, its pods, their usage — each sync repeats the one before:
# the same recommendation, no status to write, and the same warnings, which the event
# recorder counts while its spam filter lets one through every 5 minutes. A week of such
# syncs (40,000 of them per HPA) passes in quiet stretches that replay them
# (`repeatedHpaSyncs`): the recommendations they remember and the events they count come
# out as if each sync had run.
podlife addon enable metrics-server
kubectl create deployment web --image=nginx:1.27 --replicas=2
kubectl set resources deployment web --requests=cpu=100m
kubectl autoscale deployment web --cpu=50% --min=1 --max=5
# Idle pods use no CPU: after the 5-minute stabilization window the HPA scales to its minimum.
sleep 600
kubectl get hpa
sleep 604800
kubectl get hpa
kubectl get deployment web
kubectl describe hpa web
# An HPA whose target does not exist warns at every sync; the recorder counts each warning,
# and the spam filter lets one write through every 5 minutes.
kubectl apply -f - <<'YAML'
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: ghost
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: ghost
  minReplicas: 1
  maxReplicas: 3
  metrics:
  - type: Resource
    resource:
      name: cpu
      target:
        type: Utilization
        averageUtilization: 50
YAML
sleep 1800
kubectl describe hpa ghost
kubectl get events --field-selector involvedObject.kind=HorizontalPodAutoscaler
