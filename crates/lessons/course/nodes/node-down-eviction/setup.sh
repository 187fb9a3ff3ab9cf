kubectl create deployment web --image=nginx:1.27 --replicas=2
sleep 10
