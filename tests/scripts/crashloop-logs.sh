# Which container do `kubectl logs` and `kubectl logs --previous` read during a crash loop?
# The kubelet answers from the pod's status: `--previous` reads Last State, plain `logs` the
# current State (or Last State while waiting). Right after a crash STATUS reads Error: the
# dead container is the current one, and Last State still names the one before it, which
# the kubelet's container GC (one dead container kept per container name) has removed — so
# `--previous` gets the kubelet's "unable to retrieve container logs" as the log's text
# (HTTP 200, no newline). Once the next sync reports CrashLoopBackOff, the dead container has
# moved to Last State and `--previous` reads it.
kubectl apply -f - <<EOF
apiVersion: v1
kind: Pod
metadata:
  name: api
spec:
  containers:
  - name: api
    image: busybox:1.36
    command: ["sh", "-c", "echo starting; echo 'DATABASE_URL is not set' >&2; exit 1"]
EOF
sleep 120
# Wait for the moment after the next crash when the GC has already removed the instance
# the status still names as Last State (every cycle has one: the GC runs within a minute of
# the crash, the next sync comes a minute or more after it).
until kubectl logs api --previous | grep -q "unable to retrieve"; do sleep 1; done
kubectl get pods
kubectl logs api
kubectl logs api --previous
echo
until kubectl get pods | grep -q CrashLoopBackOff; do sleep 1; done
kubectl get pods
kubectl logs api --previous
kubectl logs api
