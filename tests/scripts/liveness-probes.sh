# kubernetes.io "Configure Liveness, Readiness and Startup Probes": the exec probe on
# /tmp/healthy (busybox; `sh -c` with several commands stays PID 1 and ignores SIGTERM, so
# each kill takes the 30 s grace period) and agnhost's /healthz that fails after 10 s (a Go
# program: SIGTERM ends it with status 2).
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  labels:
    test: liveness
  name: liveness-exec
spec:
  containers:
  - name: liveness
    image: registry.k8s.io/busybox:1.27.2
    args:
    - /bin/sh
    - -c
    - touch /tmp/healthy; sleep 30; rm -f /tmp/healthy; sleep 600
    livenessProbe:
      exec:
        command:
        - cat
        - /tmp/healthy
      initialDelaySeconds: 5
      periodSeconds: 5
---
apiVersion: v1
kind: Pod
metadata:
  labels:
    test: liveness
  name: liveness-http
spec:
  containers:
  - name: liveness
    image: registry.k8s.io/e2e-test-images/agnhost:2.40
    args:
    - liveness
    livenessProbe:
      httpGet:
        path: /healthz
        port: 8080
        httpHeaders:
        - name: Custom-Header
          value: Awesome
      initialDelaySeconds: 3
      periodSeconds: 3
EOF
sleep 30
kubectl get pods
kubectl describe pod liveness-http
sleep 50
kubectl get pods
kubectl describe pod liveness-exec
