title = Waiting for a dependency
intro =
    Pod myapp must not start before its database answers, so its init container wait-for-postgres
    runs nc -z postgres-svc 5432 every 2 seconds until a connection gets through. The Service
    postgres-svc already exists, but the Deployment postgres behind it has 0 replicas. Press Apply
    and see myapp wait at Init:0/1, read what wait-for-postgres prints, then give the database a
    replica: kubectl scale deployment postgres --replicas=1.
goal-read-logs = you read the logs of wait-for-postgres while it is still waiting
goal-db-ready = the postgres Deployment has one ready replica
goal-app-after-db = wait-for-postgres completes only after postgres is ready, and app starts after it
goal-ready = pod myapp's Ready condition is True
hint-1 = kubectl logs myapp -c wait-for-postgres shows the loop; kubectl get endpointslices shows that postgres-svc has no endpoint yet.
hint-2 = Start the database with kubectl scale deployment postgres --replicas=1, then follow both pods with kubectl get pods -w.
question-when-through = The postgres container has just started. When does wait-for-postgres' nc -z postgres-svc 5432 first get through?
question-when-through-when-running = As soon as the postgres container runs: the Service and its DNS name already exist
question-when-through-when-ready = Only after postgres passes its readiness probe and becomes an endpoint of postgres-svc
question-when-through-explain =
    postgres-svc resolved all along, because the Service existed, but a Service with no ready
    endpoint leads nowhere: kube-proxy rejects connections to its ClusterIP, so nc fails and the
    loop goes round again. A running container is not enough. The pod joins the Service's
    EndpointSlice as ready only once its readiness probe (pg_isready) passes; kube-proxy on each
    node then rewrites its rules, the next nc -z gets through, wait-for-postgres exits 0 and the
    kubelet starts app.
