# page: https://kubernetes.io/docs/tasks/job/automated-tasks-with-cron-jobs/
# (the index's copy of cronjob.yaml is the old batch/v1beta1 version, an API removed in 1.25; the
# copy here is the file as the page shows it, batch/v1 and busybox:1.28)
# page: "cronjob.batch/hello created"
kubectl create -f https://k8s.io/examples/application/job/cronjob.yaml
sleep 10
# page: hello, SCHEDULE "*/1 * * * *" (the file says "* * * * *"), SUSPEND False, ACTIVE 0,
# LAST SCHEDULE <none>; 1.36 adds TIMEZONE
kubectl get cronjob hello
# page: "Watch for the job to be created in around one minute": hello-NNNNNNNN 0/1, then 1/1
# (1.36 adds the STATUS column)
kubectl get jobs --watch
sleep 60
# page: LAST SCHEDULE some seconds ago, ACTIVE 0 ("the job has completed or failed")
kubectl get cronjob hello
# page: "Replace hello-4111706356 with the job name in your system"
JOB=$(kubectl get jobs -o jsonpath='{.items[0].metadata.name}')
pods=$(kubectl get pods --selector=job-name=$JOB --output=jsonpath={.items[*].metadata.name})
# page: the date, then "Hello from the Kubernetes cluster"
kubectl logs $pods
# page: "Deleting the cron job removes all the jobs and pods it created and stops it from creating
# additional jobs"
kubectl delete cronjob hello
sleep 60
kubectl get jobs,pods
