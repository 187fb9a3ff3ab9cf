# kubectl create job / cronjob (the generators of create_job.go and create_cronjob.go): a Job from
# an image and a command, a CronJob, a manual run of it (--from=cronjob/X), and their errors.
kubectl create job hello --image=busybox:1.36 -- echo hello
kubectl create job bad
kubectl create job both --image=busybox:1.36 --from=cronjob/x
kubectl create cronjob tick --image=busybox:1.36 --schedule="*/5 * * * *" -- date
kubectl create cronjob nosched --image=busybox:1.36
kubectl create job manual --from=cronjob/tick
kubectl create job missing --from=cronjob/nope
sleep 10
kubectl get jobs,cronjobs
kubectl get job manual -o yaml
kubectl logs job/hello
