# The EndpointSlice controller through a pod's life: a placeholder slice while the Service
# selects no pod with an IP; the pod listed ready once its readiness probe passes (named
# targetPort resolved to the container port, the Service's labels copied); then, deleted,
# not ready but still serving and terminating during its preStop sleep, until the pod is gone
# and the placeholder returns. Conditions as upstream's podToEndpoint sets them
# (staging/src/k8s.io/endpointslice/utils.go). The legacy Endpoints object beside it: the
# terminating pod leaves it at once (endpoints_controller.go), and every request for it carries
# kube-apiserver's deprecation warning.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Service
metadata:
  name: web
  labels:
    tier: front
spec:
  selector:
    app: web
  ports:
  - name: http
    port: 80
    targetPort: http
EOF
sleep 1
kubectl get endpointslices
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: web-1
  labels:
    app: web
spec:
  containers:
  - name: nginx
    image: nginx:1.27
    ports:
    - name: http
      containerPort: 80
    readinessProbe:
      httpGet:
        path: /
        port: http
      periodSeconds: 5
    lifecycle:
      preStop:
        sleep:
          seconds: 5
EOF
sleep 3
kubectl get endpointslices
sleep 10
kubectl get endpointslices -o yaml
kubectl get endpoints
kubectl delete pod web-1 --wait=false
sleep 1
kubectl get endpoints web -o yaml
kubectl get endpointslices -o jsonpath='{range .items[*].endpoints[*]}{.targetRef.name} ready={.conditions.ready} serving={.conditions.serving} terminating={.conditions.terminating}{"\n"}{end}'
sleep 40
kubectl get endpointslices
kubectl get endpoints
kubectl get pods
kubectl delete service web
sleep 1
kubectl get endpoints
