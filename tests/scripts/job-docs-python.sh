# The kubernetes.io example for backoffLimitPerIndex runs `python3 -c` on the python image:
# every even index exits 1 and is retried once, so five indexes fail and five succeed, and the
# Job fails with FailedIndexes once all ten are done. podlife interprets the script (a subset
# of Python 3 with CPython 3.14's texts), so the pods' logs say what CPython would, and a
# script that raises shows CPython's traceback, the failing line marked under it.
kubectl apply -f - <<'YAML'
apiVersion: batch/v1
kind: Job
metadata:
  name: job-backoff-limit-per-index-example
spec:
  completions: 10
  parallelism: 3
  completionMode: Indexed  # required for the feature
  backoffLimitPerIndex: 1  # maximal number of failures per index
  maxFailedIndexes: 5      # maximal number of failed indexes before terminating the Job execution
  template:
    spec:
      restartPolicy: Never # required for the feature
      containers:
      - name: example # this example container returns an error, and fails,
                      # when it is run as the second or third index in any Job
                      # (even after a retry)
        image: python
        command:
        - python3
        - -c
        - |
          import os, sys
          print("Hello world")
          if int(os.environ.get("JOB_COMPLETION_INDEX")) % 2 == 0:
            sys.exit(1)
---
apiVersion: v1
kind: Pod
metadata:
  name: missing-setting
spec:
  restartPolicy: Never
  containers:
  - name: app
    image: python:3.14-slim
    command: ["python", "-c", "import os\nprint('starting')\nport = int(os.environ['PORT'])"]
---
apiVersion: v1
kind: Pod
metadata:
  name: on-debian
spec:
  restartPolicy: Never
  containers:
  - name: app
    image: debian:bookworm
    command: ["python3", "-c", "print('hi')"]
YAML
sleep 300
kubectl get jobs
kubectl get job job-backoff-limit-per-index-example -o jsonpath='completed={.status.completedIndexes} failedIndexes={.status.failedIndexes} succeeded={.status.succeeded} failed={.status.failed}{"\n"}'
kubectl logs job-backoff-limit-per-index-example-0-j8dc5
kubectl get pods -l job-name=job-backoff-limit-per-index-example --sort-by=.metadata.creationTimestamp
kubectl get events --field-selector involvedObject.kind=Job
kubectl get pods missing-setting on-debian
kubectl logs missing-setting
kubectl describe pod on-debian | grep -A3 'State:'
