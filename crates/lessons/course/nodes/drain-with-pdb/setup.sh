kubectl create deployment web --image=nginx:1.27 --replicas=3
kubectl apply -f pdb.yaml
sleep 15
