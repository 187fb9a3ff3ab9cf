# Listeners and the ambassador pattern (seed 002): busybox `nc -l -p PORT` accepts one connection
# (it prints what the client sent and answers with its own standard input), `-lk -e PROG` hands
# every connection to PROG — `nc -lk -p 6379 -e nc redis 6379` forwards localhost:6379 to the
# redis Service, so redis-cli in the app container talks to localhost. A shell loop around nc
# makes a tiny HTTP server that a readiness probe and wget can reach. redis-cli (only in redis
# images) prints raw replies without a terminal, and redis's own errors.
kubectl apply -f - <<'EOF2'
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
kind: Pod
metadata:
  name: with-ambassador
spec:
  containers:
  - name: app
    image: redis:7
    command: ["sh", "-c", "sleep 5; redis-cli -h localhost -p 6379 ping; redis-cli -h localhost set greeting hello; sleep 3600"]
  - name: ambassador
    image: busybox:1.36
    command: ["sh", "-c", "nc -lk -p 6379 -e nc redis 6379"]
---
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
    command: ["sh", "-c", "while true; do printf 'HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nok\n' | nc -l -p 8080; done"]
    readinessProbe:
      httpGet: {path: /healthz, port: 8080}
      periodSeconds: 5
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
EOF2
sleep 20
kubectl get pods
kubectl logs with-ambassador -c app
kubectl exec redis -- redis-cli get greeting
kubectl exec redis -- redis-cli incr visits
kubectl exec redis -- redis-cli incr visits
kubectl exec redis -- redis-cli lpush queue a b
kubectl exec redis -- redis-cli lrange queue 0 -1
kubectl exec redis -- redis-cli get nosuch
kubectl exec redis -- redis-cli nosuchcommand x
kubectl exec redis -- redis-cli -h nosuch ping
kubectl exec redis -- redis-cli -p 6380 ping
kubectl exec client -- redis-cli ping
kubectl exec client -- sh -c 'printf "PING\r\n" | nc redis 6379'
kubectl exec client -- wget -qO- http://tiny-http:8080/
kubectl logs --tail=7 tiny-http
kubectl exec client -- sh -c 'echo hello | nc -w 1 redis 6380; echo rc=$?'
