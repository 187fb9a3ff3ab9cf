# The default cluster as kubectl shows it.
kubectl version
kubectl get nodes
kubectl get nodes -o wide --show-labels
kubectl describe node control-plane
kubectl get namespaces
kubectl get svc,sa
kubectl get pods -A
kubectl api-resources
kubectl run web --image=nginx --dry-run=client -o yaml
kubectl run web --image=nginx --port=80 --env=FOO=bar --labels=app=web,tier=fe --restart=Never --dry-run=client -o yaml --command -- sh -c "sleep 10"
kubectl run web --image=nginx:1.27
kubectl run web --image=nginx:1.27
kubectl get pod web -o name
kubectl delete pod web --grace-period=0 --force
kubectl get pods
kubectl delete pod web
kubectl frobnicate
kubectl get pods --frob
kubectl get pdos
kubectl create deployment web --image=nginx:1.27 --dry-run=client -o yaml
kubectl create deployment web --image=nginx:1.27 --port=80
kubectl create deployment web --image=nginx:1.27
kubectl create namespace team-a
kubectl create ns team-a
kubectl create configmap settings --from-literal=mode=dev -n team-a
kubectl get cm -n team-a
kubectl get deploy
kubectl get all
kubectl run api --image=nginx:1.27 --labels=app=api,tier=be
kubectl get pods -l tier=be --show-labels
kubectl get pods -l 'tier in (fe)'
kubectl get events
kubectl events
kubectl get pod api -o json
kubectl gte pods
kubectl foo
kubectl create foo
kubectl auth foo
kubectl get priorityclass system-node-critical -o yaml
kubectl get cm kube-root-ca.crt -n kube-public -o yaml
