# page: https://kubernetes.io/docs/tasks/job/coarse-parallel-processing-work-queue/
# Starting a message queue service
# page: `service "rabbitmq-service" created` (1.36: service/rabbitmq-service created)
kubectl create -f https://kubernetes.io/examples/application/job/rabbitmq/rabbitmq-service.yaml
# page: `statefulset "rabbitmq" created`
kubectl create -f https://kubernetes.io/examples/application/job/rabbitmq/rabbitmq-statefulset.yaml
sleep 30
kubectl get pods -l app.kubernetes.io/component=rabbitmq
# page (Testing the message queue service): "Note the rabbitmq-service has a DNS name, provided
# by Kubernetes": rabbitmq-service.default.svc.cluster.local and the Service's address. The page
# does it from an ubuntu pod after apt-get install … dnsutils; busybox's nslookup here
kubectl run -i --rm dns --image=busybox:1.28 --restart=Never -- nslookup rabbitmq-service
kubectl get svc rabbitmq-service
# The rest of the page needs amqp-tools installed with apt-get in an interactive ubuntu pod and an
# image the reader builds (job.yaml's gcr.io/<project>/job-wq-1): see INVENTORY.md
