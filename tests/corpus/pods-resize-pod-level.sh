# page: https://kubernetes.io/docs/tasks/configure-pod-container/resize-pod-resources/
kubectl create -f https://k8s.io/examples/pods/resource/pod-level-resize.yaml
sleep 20
# page: Guaranteed (pod-level requests equal limits), spec.resources 200m / 200Mi, both
# restartCounts 0. registry.k8s.io holds no `nginx` repository, so on a real cluster too the
# second container never starts: its image pull fails and backs off
kubectl get pod pod-level-resize-demo
kubectl get pod pod-level-resize-demo -o jsonpath='{.status.qosClass} {.spec.resources}{"\n"}{range .status.containerStatuses[*]}{.name} {.restartCount} {.state.waiting.reason}{"\n"}{end}'
# the page's command names the pod `resize-demo` (a slip): there is none
kubectl patch pod resize-demo --subresource resize --patch \
  '{"spec":{"resources":{"requests":{"cpu":"300m"}, "limits":{"cpu":"300m"}}}}'
kubectl patch pod pod-level-resize-demo --subresource resize --patch \
  '{"spec":{"resources":{"requests":{"cpu":"300m"}, "limits":{"cpu":"300m"}}}}'
sleep 5
# page: spec.resources shows cpu 300m; the pause container (cpu NotRequired) keeps restartCount
# 0. The page's restart of the second container needs it running, which its image prevents
kubectl get pod pod-level-resize-demo -o jsonpath='{.spec.resources}{"\n"}{range .status.containerStatuses[*]}{.name} {.restartCount}{"\n"}{end}'
# page's clean-up line lacks `delete pod`
kubectl pod-level-resize-demo
kubectl delete pod pod-level-resize-demo
