# page: https://kubernetes.io/docs/tasks/job/parallel-processing-expansion/
# example: application/job/job-tmpl.yaml
# The page downloads the template with `curl -L -s -O https://k8s.io/examples/...`: there is no
# Internet here, the script reads the copy (examples/application/job/job-tmpl.yaml) instead, and
# writes the expanded files in podlife's memory (no mkdir: files instead of ./jobs/)
for i in apple banana cherry
do
  cat examples/application/job/job-tmpl.yaml | sed "s/\$ITEM/$i/" > job-$i.yaml
done
# page: "job.batch/process-item-apple created", banana, cherry
kubectl create -f job-apple.yaml -f job-banana.yaml -f job-cherry.yaml
sleep 20
# page: the three Jobs 1/1
kubectl get jobs -l jobgroup=jobexample
# page: three pods Completed
kubectl get pods -l jobgroup=jobexample
# page: "Processing item apple", "Processing item banana", "Processing item cherry"
kubectl logs -f -l jobgroup=jobexample
# page (Clean up): "Your cluster automatically cleans up their Pods"
kubectl delete job -l jobgroup=jobexample
sleep 5
kubectl get pods -l jobgroup=jobexample
# The page's second part renders a Jinja2 template with python on the reader's machine: not a
# cluster step, not run here.
