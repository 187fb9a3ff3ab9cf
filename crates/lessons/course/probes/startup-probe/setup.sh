kubectl apply -f slow.yaml
sleep 40
