# Two `kubectl run --rm -i` of the same name back to back: the first pod (terminal) is removed
# at once, and its kubelet's final DELETE follows within milliseconds of the second pod's
# create. That DELETE names the old pod's uid as a precondition (status_manager.go), so had it
# come after the create it would be refused (409) instead of removing the second pod; here it
# comes just before (404). Without the precondition the second run could find its pod gone.
kubectl create deployment nginx --image=nginx
kubectl expose deployment nginx --port=80
sleep 15
kubectl run busybox --rm -i --image=busybox --restart=Never -- wget --spider --timeout=1 nginx
kubectl run busybox --rm -i --labels="access=true" --image=busybox --restart=Never -- wget --spider --timeout=1 nginx
