kubectl apply -f cache.yaml
sleep 15
