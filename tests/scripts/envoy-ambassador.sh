# Envoy as an ambassador: the app talks to localhost:9000, where Envoy (its bootstrap from a
# ConfigMap) routes to the `web` Service by DNS (STRICT_DNS) and passes the answer back with its
# own headers. With no endpoints behind the Service, Envoy answers 503 itself. An Envoy with
# the image's own /etc/envoy/envoy.yaml proxies :10000 to www.envoyproxy.io, which a cluster
# without egress cannot resolve (503 no healthy upstream); the envoy image (Ubuntu with only
# ca-certificates added, envoy's ci/Dockerfile-envoy) has no wget or curl, so the request comes
# from the app's curl. A bootstrap naming a cluster that does not exist makes Envoy exit at start.
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: ConfigMap
metadata:
  name: ambassador
data:
  envoy.yaml: |
    admin:
      address:
        socket_address: {address: 127.0.0.1, port_value: 9901}
    static_resources:
      listeners:
      - name: to_web
        address:
          socket_address: {address: 127.0.0.1, port_value: 9000}
        filter_chains:
        - filters:
          - name: envoy.filters.network.http_connection_manager
            typed_config:
              "@type": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager
              stat_prefix: to_web
              route_config:
                virtual_hosts:
                - name: web
                  domains: ["*"]
                  routes:
                  - match: {prefix: "/"}
                    route: {cluster: web}
              http_filters:
              - name: envoy.filters.http.router
                typed_config:
                  "@type": type.googleapis.com/envoy.extensions.filters.http.router.v3.Router
      clusters:
      - name: web
        type: STRICT_DNS
        connect_timeout: 1s
        load_assignment:
          cluster_name: web
          endpoints:
          - lb_endpoints:
            - endpoint:
                address:
                  socket_address: {address: web.default.svc.cluster.local, port_value: 80}
---
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
---
apiVersion: v1
kind: Service
metadata:
  name: web
spec:
  selector: {app: web}
  ports:
  - port: 80
    targetPort: 8080
---
apiVersion: v1
kind: Pod
metadata:
  name: with-ambassador
spec:
  containers:
  - name: app
    image: curlimages/curl:8.18.0
    command: ["sleep", "3600"]
  - name: ambassador
    image: envoyproxy/envoy:v1.38.0
    volumeMounts:
    - name: config
      mountPath: /etc/envoy
  volumes:
  - name: config
    configMap:
      name: ambassador
---
apiVersion: v1
kind: Pod
metadata:
  name: default-envoy
spec:
  containers:
  - name: envoy
    image: envoyproxy/envoy:v1.38.0
YAML
sleep 15
kubectl get pods
kubectl logs with-ambassador -c ambassador
kubectl exec with-ambassador -c app -- curl -si http://localhost:9000/
kubectl exec with-ambassador -c app -- curl -s http://localhost:9901/ready
kubectl exec with-ambassador -c app -- curl -s http://localhost:9000/
kubectl exec default-envoy -- wget -S -q -O- http://localhost:10000/
ENVOY_IP=$(kubectl get pod default-envoy -o jsonpath='{.status.podIP}')
kubectl exec with-ambassador -c app -- curl -si http://$ENVOY_IP:10000/
kubectl scale deployment web --replicas=0
sleep 20
kubectl exec with-ambassador -c app -- curl -si http://localhost:9000/
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: ConfigMap
metadata:
  name: broken
data:
  envoy.yaml: |
    static_resources:
      listeners:
      - name: l
        address:
          socket_address: {address: 0.0.0.0, port_value: 8000}
        filter_chains:
        - filters:
          - name: envoy.filters.network.http_connection_manager
            typed_config:
              "@type": type.googleapis.com/envoy.extensions.filters.network.http_connection_manager.v3.HttpConnectionManager
              stat_prefix: l
              route_config:
                virtual_hosts:
                - name: all
                  domains: ["*"]
                  routes:
                  - match: {prefix: "/"}
                    route: {cluster: nowhere}
---
apiVersion: v1
kind: Pod
metadata:
  name: broken-envoy
spec:
  containers:
  - name: envoy
    image: envoyproxy/envoy:v1.38.0
    args: ["-c", "/config/envoy.yaml"]
    volumeMounts:
    - name: config
      mountPath: /config
  volumes:
  - name: config
    configMap:
      name: broken
YAML
sleep 10
kubectl get pods broken-envoy
kubectl logs broken-envoy
