# page: https://kubernetes.io/docs/concepts/workloads/pods/sidecar-containers/
# (the page shows the manifests without commands: applied here)
# page: "Here's an example of a Deployment with two containers, one of which is a sidecar":
# the sidecar (an init container with restartPolicy: Always) keeps running beside the app and
# ships its log
kubectl apply -f https://k8s.io/examples/application/deployment-sidecar.yaml
sleep 15
kubectl get pods -l app.kubernetes.io/name=myapp
# the app appends "logging" every second, the sidecar's tail -F follows the file (busybox tail
# retries while the file does not exist yet)
kubectl logs deployment/myapp -c logshipper --tail=3
kubectl delete deployment myapp
# the legacy-style sidecar, an ordinary second container (no page in the index uses the -legacy
# files), also follows the log
kubectl apply -f https://k8s.io/examples/application/deployment-sidecar-legacy.yaml
sleep 15
kubectl get pods -l app=myapp
kubectl logs deployment/myapp -c sidecar-container --tail=2
