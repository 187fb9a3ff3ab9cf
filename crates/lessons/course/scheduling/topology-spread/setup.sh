# Four machines in two zones: three in zone-a, one in zone-b.
podlife cluster empty
podlife node add a1 --cpu 2 --memory 4Gi --labels topology.kubernetes.io/zone=zone-a
sleep 1
podlife node add a2 --cpu 2 --memory 4Gi --labels topology.kubernetes.io/zone=zone-a
sleep 1
podlife node add a3 --cpu 2 --memory 4Gi --labels topology.kubernetes.io/zone=zone-a
sleep 1
podlife node add b1 --cpu 2 --memory 4Gi --labels topology.kubernetes.io/zone=zone-b
sleep 2
kubectl apply -f web.yaml
sleep 8
