kubectl apply -f web.yaml
sleep 10
