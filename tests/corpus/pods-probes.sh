# page: https://kubernetes.io/docs/tasks/configure-pod-container/configure-liveness-readiness-startup-probes/
# Define a liveness command
kubectl apply -f https://k8s.io/examples/pods/probe/exec-liveness.yaml
sleep 25
# page: "Within 30 seconds, view the Pod events": "The output indicates that no liveness probes
# have failed yet" (Scheduled, Pulling, Pulled, Created, Started)
kubectl describe pod liveness-exec | sed -n '/^Events:/,$p'
sleep 20
# page: "After 35 seconds, view the Pod events again": "At the bottom of the output, there are
# messages indicating that the liveness probes have failed, and the failed containers have been
# killed and recreated": Unhealthy "Liveness probe failed: cat: can't open '/tmp/healthy': No
# such file or directory", Killing "Container liveness failed liveness probe, will be restarted"
kubectl describe pod liveness-exec | sed -n '/^Events:/,$p'
# busybox sh is PID 1 and ignores SIGTERM: the restart comes after the 30 s grace period
# (upstream), so a little over the page's "another 30 seconds"
sleep 35
# page: "Wait another 30 seconds, and verify that the container has been restarted": RESTARTS 1
kubectl get pod liveness-exec
# Define a liveness HTTP request
kubectl apply -f https://k8s.io/examples/pods/probe/http-liveness.yaml
# the page counts from a cached image; the 51 MB agnhost pull takes ~3 s here, and agnhost
# answers 200 for 10 s after its start, then 500: three failures (every 3 s) come ~21 s in
sleep 25
# page: "After 10 seconds, view Pod events to verify that liveness probes have failed and the
# container has been restarted" (agnhost liveness answers 200 for 10 s, then 500)
kubectl describe pod liveness-http | sed -n '/^Events:/,$p'
# Define a TCP liveness probe
kubectl apply -f https://k8s.io/examples/pods/probe/tcp-liveness-readiness.yaml
sleep 15
# page: "After 15 seconds, view Pod events to verify that liveness probes"
kubectl describe pod goproxy | sed -n '/^Events:/,$p'
sleep 10
kubectl get pod goproxy
# Define a gRPC liveness probe
kubectl apply -f https://k8s.io/examples/pods/probe/grpc-liveness.yaml
sleep 20
# page: "Check the Pod events to verify that the liveness probe succeeds" (no Unhealthy event)
kubectl describe pod etcd-with-grpc | sed -n '/^Events:/,$p'
kubectl get pod etcd-with-grpc
