# page: https://kubernetes.io/docs/tasks/debug/debug-application/determine-reason-pod-failure/
kubectl apply -f https://k8s.io/examples/debug/termination.yaml
sleep 5
# page: "Repeat the preceding command until the Pod is no longer running" (restartPolicy Always:
# the container exits 0 after 10 s and is restarted, so "no longer running" is a Completed moment,
# then a restart with lastState kept)
kubectl get pod termination-demo
sleep 10
kubectl get pod termination-demo
sleep 10
# page: the output includes lastState terminated exitCode 0, message "Sleep expired"
kubectl get pod termination-demo --output=yaml | sed -n '/^    lastState:/,/^    name:/p'
# page: "Use a Go template to filter the output so that it includes only the termination
# message": Sleep expired
kubectl get pod termination-demo -o go-template="{{range .status.containerStatuses}}{{.lastState.terminated.message}}{{end}}"
