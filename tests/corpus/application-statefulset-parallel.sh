# page: https://kubernetes.io/docs/tutorials/stateful-application/basic-stateful-set/ (Parallel
# Pod management)
# setup: as in application-basic-statefulset.sh, kind's default StorageClass `standard`
# (rancher.io/local-path) provisions the claims
# page: "service/nginx created", "statefulset.apps/web created"
kubectl apply -f https://k8s.io/examples/application/web/web-parallel.yaml
# page: "The StatefulSet controller launched both web-0 and web-1 at almost the same time"
kubectl get pod -l app.kubernetes.io/name=nginx -w
sleep 20
# page: "kubectl scale statefulset/web --replicas=4": "The StatefulSet launched two new Pods, and
# it did not wait for the first to become Running and Ready prior to launching the second"
kubectl scale statefulset/web --replicas=4
sleep 20
kubectl get pod -l app.kubernetes.io/name=nginx -o custom-columns=NAME:.metadata.name,STATUS:.status.phase,CREATED:.metadata.creationTimestamp
kubectl get pvc -l app.kubernetes.io/name=nginx
# page (Cleaning up): "kubectl delete sts web" and the Service; the claims stay
kubectl delete sts web
kubectl delete svc nginx
sleep 15
kubectl get pods -l app.kubernetes.io/name=nginx
kubectl get pvc -l app.kubernetes.io/name=nginx -o custom-columns=NAME:.metadata.name,STATUS:.status.phase,VOLUME:.spec.volumeName
