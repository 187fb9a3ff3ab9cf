# page: https://kubernetes.io/docs/tasks/inject-data-application/downward-api-volume-expose-pod-information/
kubectl apply -f https://k8s.io/examples/pods/inject/dapi-volume.yaml
sleep 10
# page: the labels file (cluster="test-cluster1", rack="rack-22", zone="us-est-coast") and the
# annotations file (build="two", builder="john-doe"), one key="value" a line, sorted. (The
# container's log repeats them every 5 s; the files are read directly here: the annotations
# file also holds the kubelet's and kubectl's own annotations, so only the page's are shown)
kubectl exec kubernetes-downwardapi-volume-example -- sh -c 'cat /etc/podinfo/labels; echo'
kubectl exec kubernetes-downwardapi-volume-example -- sh -c 'grep ^build /etc/podinfo/annotations'
# page: ls -laR /etc/podinfo shows labels and annotations as symbolic links into ..data
kubectl exec kubernetes-downwardapi-volume-example -- ls /etc/podinfo
kubectl apply -f https://k8s.io/examples/pods/inject/dapi-volume-resources.yaml
sleep 10
# page: "cat /etc/podinfo/cpu_limit": 250 (millicores, divisor 1m); cpu_request 125, mem_limit 64,
# mem_request 32 (Mi)
for f in cpu_limit cpu_request mem_limit mem_request; do kubectl exec kubernetes-downwardapi-volume-example-2 -- cat /etc/podinfo/$f; echo; done
