# ValidateNodeUpdate (pkg/apis/core/validation/validation.go): node IPAM gives a node its
# podCIDRs once; a later change, or clearing them, is Forbidden. Other spec fields stay mutable.
kubectl get node worker-1 -o jsonpath='{.spec.podCIDR} {.spec.podCIDRs}{"\n"}'
kubectl patch node worker-1 --type merge -p '{"spec":{"podCIDR":"10.250.1.0/24","podCIDRs":["10.250.1.0/24"]}}'
kubectl patch node worker-1 --type json -p '[{"op":"remove","path":"/spec/podCIDRs"},{"op":"remove","path":"/spec/podCIDR"}]'
kubectl patch node worker-1 --type merge -p '{"spec":{"unschedulable":true}}'
kubectl get node worker-1 -o jsonpath='{.spec.podCIDR} {.spec.podCIDRs} {.spec.unschedulable}{"\n"}'
