kubectl run stray --image=nginx:1.27 --labels=app=web
sleep 5
