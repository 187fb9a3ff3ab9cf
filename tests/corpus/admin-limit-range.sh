# page: https://kubernetes.io/docs/tasks/administer-cluster/limit-range/ (the older "Limit
# Ranges" walkthrough that used these examples; the concept page /docs/concepts/policy/limit-range/
# has its own examples today). The page switches its context's namespace with `kubectl config
# set-context --current --namespace=limitrange-demo`: -n is given explicitly here instead; jq is
# replaced by jsonpath
# example: admin/resource/pvc-limit-lower.yaml (the page writes it with a double slash)
kubectl create namespace limitrange-demo
kubectl create -f https://k8s.io/examples/admin/resource/limit-mem-cpu-container.yaml -n limitrange-demo
# page: Container cpu 100m 800m 110m 700m -, Container memory 99Mi 1Gi 111Mi 900Mi -
kubectl describe limitrange/limit-mem-cpu-per-container -n limitrange-demo
kubectl apply -f https://k8s.io/examples/admin/resource/limit-range-pod-1.yaml -n limitrange-demo
# page: cnt01 as written (limits 500m/200Mi, requests 100m/100Mi); cnt02 gets the default limits
# 700m/900Mi; cnt03's requests follow its limits 500m/200Mi; cnt04 gets default limits 700m/900Mi
# and defaultRequest 110m/111Mi
for i in 0 1 2 3; do kubectl get po/busybox1 -n limitrange-demo -o jsonpath="{.spec.containers[$i].resources}{'\n'}"; done
# page: "limitrange/limit-mem-cpu-per-pod created"; Pod cpu - 2, Pod memory - 2Gi
kubectl apply -f https://k8s.io/examples/admin/resource/limit-mem-cpu-pod.yaml -n limitrange-demo
kubectl describe limitrange/limit-mem-cpu-per-pod -n limitrange-demo
# page: `pods "busybox2" is forbidden: [maximum cpu usage per Pod is 2, but limit is 2400m.,
# maximum memory usage per Pod is 2Gi, but limit is 2306867200.]` (today's LimitRanger sums the
# quantities and keeps their format, 2200Mi, and drops the periods)
kubectl apply -f https://k8s.io/examples/admin/resource/limit-range-pod-2.yaml -n limitrange-demo
# page: "busybox1 will not be evicted since it was created and admitted on the cluster before the
# LimitRange creation": 200Mi 900Mi 200Mi 900Mi
kubectl get po/busybox1 -n limitrange-demo -o jsonpath='{.spec.containers[*].resources.limits.memory}{"\n"}'
# Limiting Storage resources: "limitrange/storagelimits created"; PersistentVolumeClaim storage
# 1Gi 2Gi - - -
kubectl create -f https://k8s.io/examples/admin/resource/storagelimits.yaml -n limitrange-demo
kubectl describe limits/storagelimits -n limitrange-demo
# page: `persistentvolumeclaims "pvc-limit-lower" is forbidden: minimum storage usage per
# PersistentVolumeClaim is 1Gi, but request is 500Mi.`
kubectl create -f https://k8s.io/examples/admin/resource//pvc-limit-lower.yaml -n limitrange-demo
# page: `… "pvc-limit-greater" is forbidden: maximum storage usage per PersistentVolumeClaim is
# 2Gi, but request is 5Gi.`
kubectl create -f https://k8s.io/examples/admin/resource/pvc-limit-greater.yaml -n limitrange-demo
# Limits/Requests Ratio: Pod memory - - - - 2
kubectl apply -f https://k8s.io/examples/admin/resource/limit-memory-ratio-pod.yaml -n limitrange-demo
kubectl describe limitrange/limit-memory-ratio-pod -n limitrange-demo
# page: `pods "busybox3" is forbidden: memory max limit to request ratio per Pod is 2, but
# provided ratio is 3.000000.`
kubectl apply -f https://k8s.io/examples/admin/resource/limit-range-pod-3.yaml -n limitrange-demo
kubectl delete ns limitrange-demo
