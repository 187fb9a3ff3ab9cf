kubectl apply -f stubborn.yaml
sleep 5
