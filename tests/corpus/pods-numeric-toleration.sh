# page: https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/
# section "Numeric comparison operators" (feature gate TaintTolerationComparisonOperators, alpha since
# 1.35, off by default in 1.36; the page says to enable it on the API server and the scheduler).
# podlife runs 1.36's default gates, so upstream's API server refuses Gt/Lt here
# (pkg/api/pod allowTaintTolerationComparisonOperators: gate off and no old Pod using them).
# (FAILING, see INVENTORY.md.) The page's node1 is worker-1 here.
# page: kubectl taint nodes node1 servicelevel.organization.example/agreed-service-level=950:NoSchedule
kubectl taint nodes worker-1 servicelevel.organization.example/agreed-service-level=950:NoSchedule
# page: "A pod can tolerate nodes with SLA greater than 900" (with the gate on; off: refused)
kubectl apply -f https://k8s.io/examples/pods/pod-with-numeric-toleration.yaml
sleep 10
kubectl get pods -o wide
