# Zones and the eviction rate (upstream pkg/controller/nodelifecycle: handleDisruption,
# ComputeZoneState, the rate-limited NoExecute tainting queue, --node-eviction-rate 0.1).
# Two of the three nodes stop reporting: the zone (no topology labels: one zone) still has a
# Ready node and fewer than three unready ones, so it is Normal and taints at 0.1 node/s —
# the second node gets unreachable:NoExecute 10 s after the first. Then the last node stops
# reporting too: with no Ready node anywhere the controller assumes the problem is its own
# ("master disruption mode"): it removes the NoExecute taints everywhere and stops tainting,
# and the taint eviction controller cancels the pending deletions.
kubectl create deployment web --image=nginx:1.27 --replicas=2
sleep 10
podlife node down worker-1
podlife node down worker-2
sleep 80
kubectl get nodes
kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name}:{range .spec.taints[*]} {.key}:{.effect}@{.timeAdded}{end}{"\n"}{end}'
podlife node down control-plane
sleep 60
kubectl get nodes
kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name}:{range .spec.taints[*]} {.key}:{.effect}{end}{"\n"}{end}'
kubectl get events --field-selector reason=TaintManagerEviction
sleep 300
kubectl get pods -o wide
