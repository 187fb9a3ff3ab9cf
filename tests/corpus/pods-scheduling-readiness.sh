# page: https://kubernetes.io/docs/concepts/scheduling-eviction/pod-scheduling-readiness/
# page: "you can create it with one or more scheduling gates" (no command given; apply, so
# that the page's later re-apply can remove the field)
kubectl apply -f https://k8s.io/examples/pods/pod-with-scheduling-gates.yaml
sleep 7
# page: "After the Pod's creation, you can check its state using: kubectl get pod test-pod.
# The output reveals it's in SchedulingGated state": test-pod 0/1 SchedulingGated 0 7s
kubectl get pod test-pod
# page: "You can also check its schedulingGates field":
# [{"name":"example.com/foo"},{"name":"example.com/bar"}]
kubectl get pod test-pod -o jsonpath='{.spec.schedulingGates}{"\n"}'
# page: "To inform scheduler this Pod is ready for scheduling, you can remove its schedulingGates
# entirely by reapplying a modified manifest"
kubectl apply -f https://k8s.io/examples/pods/pod-without-scheduling-gates.yaml
# page: "You can check if the schedulingGates is cleared by running": expected output is empty
kubectl get pod test-pod -o jsonpath='{.spec.schedulingGates}{"\n"}'
sleep 10
# page: "It's expected to see the Pod was scheduled onto a node": test-pod 1/1 Running ... NODE
kubectl get pod test-pod -o wide
