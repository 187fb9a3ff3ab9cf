kubectl apply -f app.yaml
sleep 10
