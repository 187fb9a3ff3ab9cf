# Connections through Istio's sidecars reach whatever listens behind them: an `nc -l`
# listener answers wget through both sidecars (Envoy adds its headers to the answer; the
# listener sees the connection come from 127.0.0.6, the inbound sidecar's source address —
# what Envoy adds to the request itself is not modelled, so the request goes to /dev/null),
# redis speaks RESP through the sidecars' TCP passthrough (redis-cli to its own Service too),
# `nc -lk -e nc …` forwarding to itself ends after a bounded number of hops, and `nc -z`
# reports any port open, as the client's own sidecar accepts the connection.
istioctl install --set profile=minimal -y
kubectl label namespace default istio-injection=enabled
sleep 5
kubectl apply -f - <<'YAML'
apiVersion: v1
kind: Service
metadata:
  name: tiny-http
spec:
  selector: {app: tiny-http}
  ports:
  - port: 8080
---
apiVersion: v1
kind: Pod
metadata:
  name: tiny-http
  labels: {app: tiny-http}
spec:
  containers:
  - name: server
    image: busybox:1.36
    command: ["sh", "-c", "while true; do printf 'HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nok\n' | nc -l -v -p 8080 >/dev/null; done"]
---
apiVersion: v1
kind: Service
metadata:
  name: redis
spec:
  selector: {app: redis}
  ports:
  - port: 6379
---
apiVersion: v1
kind: Pod
metadata:
  name: redis
  labels: {app: redis}
spec:
  containers:
  - name: redis
    image: redis:7
---
apiVersion: v1
kind: Service
metadata:
  name: loop
spec:
  selector: {app: loop}
  ports:
  - port: 7000
---
apiVersion: v1
kind: Pod
metadata:
  name: loop
  labels: {app: loop}
spec:
  containers:
  - name: forwarder
    image: busybox:1.36
    command: ["sh", "-c", "nc -lk -p 7000 -e nc loop 7000"]
---
apiVersion: v1
kind: Pod
metadata:
  name: client
spec:
  containers:
  - name: shell
    image: busybox:1.36
    command: ["sh", "-c", "sleep 3600"]
YAML
sleep 60
kubectl get pods
kubectl exec client -c shell -- wget -S -qO- http://tiny-http:8080/
kubectl logs tiny-http -c server
kubectl exec client -c shell -- sh -c 'printf "PING\r\nSET greeting hello\r\nGET greeting\r\n" | nc redis 6379'
kubectl exec redis -c redis -- redis-cli get greeting
kubectl exec redis -c redis -- redis-cli -h redis ping
kubectl exec client -c shell -- sh -c 'echo hi | nc -w 1 loop 7000; echo rc=$?'
kubectl exec client -c shell -- nc -z -v tiny-http 9999
