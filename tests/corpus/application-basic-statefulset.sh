# page: https://kubernetes.io/docs/tutorials/stateful-application/basic-stateful-set/
# setup: "As the cluster used in this tutorial is configured to dynamically provision
# PersistentVolumes": a kind cluster's default StorageClass `standard` (rancher.io/local-path,
# WaitForFirstConsumer) provisions each claim once its pod is scheduled
# page: "service/nginx created", "statefulset.apps/web created"
kubectl apply -f https://k8s.io/examples/application/web/web.yaml
# page: "kubectl get pods -w -l app=nginx" in a first terminal; a podlife watch prints during the
# script's next sleep, so it comes right after the apply here
# page (Ordered Pod Creation): web-0 Pending, ContainerCreating, Running, and only then web-1
kubectl get pods -w -l app=nginx
sleep 30
kubectl get service nginx
kubectl get statefulset web
# page: "for i in 0 1; do kubectl exec web-$i -- sh -c 'hostname'; done": web-0, web-1
for i in 0 1; do kubectl exec web-$i -- sh -c 'hostname'; done
# page: nslookup web-0.nginx and web-1.nginx from a busybox:1.28 pod (typed interactively on the
# page; passed as the pod's command here)
kubectl run -i --rm --image busybox:1.28 dns-test --restart=Never -- sh -c 'nslookup web-0.nginx; nslookup web-1.nginx'
# page (Writing to Stable Storage): www-web-0 and www-web-1 Bound, 1Gi, RWO
kubectl get pvc -l app=nginx
for i in 0 1; do kubectl exec web-$i -- sh -c 'echo "$(hostname)" > /usr/share/nginx/html/index.html'; done
# page: web-0, web-1
for i in 0 1; do kubectl exec -i web-$i -- curl -s localhost; done
# page: delete both pods, the StatefulSet re-creates them in order, and "they continue to serve
# their hostnames because the PersistentVolumes associated with their PersistentVolumeClaims are
# remounted"
kubectl delete pod -l app=nginx
kubectl get pods -w -l app=nginx
sleep 30
for i in 0 1; do kubectl exec -i web-$i -- curl -s localhost; done
# Scaling Up: "statefulset.apps/web scaled"; web-2, web-3, web-4 one after the other
kubectl scale sts web --replicas=5
kubectl get pods -w -l app=nginx
sleep 40
# Scaling Down: "statefulset.apps/web patched"; web-4 then web-3 terminate
kubectl patch sts web -p '{"spec":{"replicas":3}}'
sleep 20
kubectl get pods -l app=nginx
kubectl get events --field-selector reason=SuccessfulDelete
# page: "There are still five PersistentVolumeClaims and five PersistentVolumes"
kubectl get pvc -l app=nginx
