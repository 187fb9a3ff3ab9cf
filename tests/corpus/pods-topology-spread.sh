# page: https://kubernetes.io/docs/concepts/scheduling-eviction/topology-spread-constraints/
# setup, as the page draws it: "a 4-node cluster where 3 Pods labelled foo: bar are located in
# node1, node2 and node3 respectively" — node1, node2 in zoneA, node3, node4 in zoneB (node5 in
# zoneC for the node-affinity example); nodes labelled node=… and zone=…. (An empty podlife
# cluster has no CNI DaemonSet: the pods stay ContainerCreating; only placement is checked)
podlife cluster empty
podlife node add node1 --labels node=node1,zone=zoneA
podlife node add node2 --labels node=node2,zone=zoneA
podlife node add node3 --labels node=node3,zone=zoneB
podlife node add node4 --labels node=node4,zone=zoneB
sleep 20
for n in 1 2 3; do kubectl run p$n --image=registry.k8s.io/pause:3.1 -l foo=bar --overrides="{\"spec\":{\"nodeName\":\"node$n\"}}"; done
sleep 10
kubectl get pods -o wide --no-headers | awk '{print $1, $7}'
# Example: one TopologySpreadConstraint (maxSkew 1 over zone): "the incoming Pod can only be
# scheduled to zoneB" (zoneA has 2 matching pods, zoneB 1: node3 or node4)
kubectl apply -f https://k8s.io/examples/pods/topology-spread-constraints/one-constraint.yaml
sleep 5
kubectl get pod mypod -o jsonpath='{.spec.nodeName}{"\n"}'
kubectl delete pod mypod --now
# Example: multiple TopologySpreadConstraints (zone and node): "the only viable option is to place
# the new Pod onto node4"
kubectl apply -f https://k8s.io/examples/pods/topology-spread-constraints/two-constraints.yaml
sleep 5
kubectl get pod mypod -o jsonpath='{.spec.nodeName}{"\n"}'
kubectl delete pod mypod --now
# Interaction with node affinity: a fifth node in zoneC, excluded by the Pod's node affinity, so
# "the incoming Pod will be scheduled to zoneB" and zoneC is not part of the skew
podlife node add node5 --labels node=node5,zone=zoneC
sleep 20
kubectl apply -f https://k8s.io/examples/pods/topology-spread-constraints/one-constraint-with-nodeaffinity.yaml
sleep 5
kubectl get pod mypod -o jsonpath='{.spec.nodeName}{"\n"}'
