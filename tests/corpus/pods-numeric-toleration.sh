# page: https://kubernetes.io/docs/concepts/scheduling-eviction/taint-and-toleration/
# section "Numeric comparison operators" (feature gate TaintTolerationComparisonOperators, alpha since
# 1.35, off by default in 1.36; the page says to enable it on the API server and the scheduler,
# which kind's featureGates: does for every component). With the gate off the API server refuses
# Gt/Lt (tests/scripts/gated-fields.sh). The page's node1 is worker-1 here.
podlife feature-gates TaintTolerationComparisonOperators=true
# page: kubectl taint nodes node1 servicelevel.organization.example/agreed-service-level=950:NoSchedule
kubectl taint nodes worker-1 servicelevel.organization.example/agreed-service-level=950:NoSchedule
# page: "A pod can tolerate nodes with SLA greater than 900": 950 > 900, so worker-1's taint is
# tolerated and the scheduler may place the pod on either worker.
kubectl apply -f https://k8s.io/examples/pods/pod-with-numeric-toleration.yaml
sleep 10
kubectl get pods -o wide
