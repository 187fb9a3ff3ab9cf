# page: https://kubernetes.io/docs/tasks/administer-cluster/declare-network-policy/
# kind (v0.24 and later) enforces NetworkPolicy: kindnetd embeds kube-network-policies.
kubectl create deployment nginx --image=nginx
kubectl expose deployment nginx --port=80
sleep 15
kubectl get svc,pod
# page: `kubectl run busybox --rm -ti --image=busybox -- /bin/sh`, then `wget --spider
# --timeout=1 nginx` typed in its shell; a script cannot type into it, so the pod runs the
# command itself
kubectl run busybox --rm -i --image=busybox --restart=Never -- wget --spider --timeout=1 nginx
kubectl apply -f https://k8s.io/examples/service/networking/nginx-policy.yaml
sleep 1
# page: without the access label the request times out
kubectl run busybox --rm -i --image=busybox --restart=Never -- wget --spider --timeout=1 nginx
# page: with access=true it is allowed
kubectl run busybox --rm -i --labels="access=true" --image=busybox --restart=Never -- wget --spider --timeout=1 nginx
kubectl describe networkpolicy access-nginx
