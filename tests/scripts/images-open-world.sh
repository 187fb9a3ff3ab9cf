# Images beyond podlife's records resolve by their repository's tag rules (every tag Docker
# Hub has published by the simulated date; digests synthetic, sizes typical, configs from the
# Dockerfiles). The kubernetes.io Job example runs `perl -Mbignum=bpi -wle 'print bpi(2000)'`
# on perl:5.34.0 and prints pi's 2,000 digits; on perl 5.36 bignum's bpi dies in
# Math::BigInt::Calc, which is why the page pins 5.34.0. A tag that never existed fails as
# containerd says; a repository no registry holds fails too, and `describe` adds podlife's
# note naming the images it knows that are closest. Interpreters with no program exit at once
# (stdin is /dev/null); a program podlife does not understand is said so in the trace.
kubectl apply -f - <<EOF
apiVersion: batch/v1
kind: Job
metadata:
  name: pi
spec:
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.34.0
        command: ["perl",  "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
  backoffLimit: 4
---
apiVersion: batch/v1
kind: Job
metadata:
  name: pi-536
spec:
  template:
    spec:
      containers:
      - name: pi
        image: perl:5.36
        command: ["perl",  "-Mbignum=bpi", "-wle", "print bpi(2000)"]
      restartPolicy: Never
  backoffLimit: 0
---
apiVersion: v1
kind: Pod
metadata:
  name: command-demo
  labels:
    purpose: demonstrate-command
spec:
  containers:
  - name: command-demo-container
    image: debian
    command: ["printenv"]
    args: ["HOSTNAME", "KUBERNETES_PORT"]
  restartPolicy: OnFailure
---
apiVersion: v1
kind: Pod
metadata:
  name: typo
spec:
  containers:
  - name: web
    image: ngnix:1.27
---
apiVersion: v1
kind: Pod
metadata:
  name: future
spec:
  containers:
  - name: web
    image: nginx:1.30
---
apiVersion: v1
kind: Pod
metadata:
  name: repl
spec:
  restartPolicy: Never
  containers:
  - name: python
    image: python:3.12-slim-bookworm
EOF
sleep 90
kubectl get pods
kubectl get jobs
kubectl logs job/pi
kubectl logs job/pi-536
kubectl logs command-demo
kubectl get pods -l job-name=pi-536 -o jsonpath='{.items[0].status.containerStatuses[0].state.terminated.exitCode}{"\n"}'
kubectl describe pod typo
kubectl get events --field-selector involvedObject.name=future
podlife node worker-1 -- crictl images
podlife node worker-2 -- crictl images
