# `kubectl create role|clusterrole|rolebinding|clusterrolebinding` (kubectl 1.36's generators,
# `pkg/cmd/create/create_role.go` and its siblings): verbs without repeats, each `--resource`
# resolved as the cluster names it (`rs` → replicasets in apps) with its subresource, one rule
# per API group; the validation errors and the warning for a verb that is not a standard one;
# a ClusterRole with non-resource URLs or an aggregation rule; bindings whose subjects are
# users, groups and `namespace:name` service accounts. The binding generators wrap the API's
# refusal ("failed to create rolebinding: …"), the role generators do not. `kubectl auth
# can-i` then answers through the new bindings.
kubectl create namespace dev
kubectl create serviceaccount ci -n dev
kubectl create role pod-reader --verb=get --verb=list,watch --resource=pods,pods/log -n dev
kubectl get role pod-reader -n dev -o yaml
kubectl create role deployer --verb=get,update --resource=deployments,rs,deployments/scale --resource-name=web --resource-name=web
kubectl get role deployer -o jsonpath='{.rules}{"\n"}'
kubectl create role bad --verb=get
kubectl create role bad --resource=pods
kubectl create role bad --verb=frob --resource=pods --dry-run=client -o yaml
kubectl create role bad --verb=get --resource=podz
kubectl create role bad --verb=bind --resource=pods
kubectl create role pod-reader --verb=get --resource=pods -n dev
kubectl create rolebinding read-pods --role=pod-reader --user=jane --group=devs --serviceaccount=dev:ci -n dev
kubectl get rolebinding read-pods -n dev -o yaml
kubectl create rolebinding both --role=a --clusterrole=b
kubectl create rolebinding none
kubectl create rolebinding sa --clusterrole=view --serviceaccount=ci
kubectl create rolebinding read-pods --role=pod-reader --user=jane -n dev
kubectl create clusterrole node-reader --verb=get,list --resource=nodes
kubectl create clusterrole health --verb=get --non-resource-url=/healthz,/livez
kubectl create clusterrole agg --aggregation-rule=rbac.example.com/aggregate-to-monitoring=true
kubectl get clusterrole agg -o yaml
kubectl create clusterrole bad --verb=list --non-resource-url=/healthz
kubectl create clusterrole bad --verb=get --non-resource-url=healthz
kubectl create clusterrole bad --verb=get
kubectl create clusterrole bad --aggregation-rule=a=b --verb=get
kubectl create clusterrolebinding jane-nodes --clusterrole=node-reader --user=jane
kubectl create clusterrolebinding nope --user=jane
kubectl auth can-i list pods -n dev --as=jane
kubectl auth can-i list nodes --as=jane
kubectl auth can-i get pods/log -n dev --as=system:serviceaccount:dev:ci
