# `kubectl get -L KEY[,KEY…]` (`--label-columns`, repeatable): a column per label after the
# kind's own, headed by the key's last path segment upper-cased; an object without the label
# has an empty cell. `--show-labels` stays the last column.
podlife cluster nodes 5 --zones 2
kubectl run web --image=nginx:1.27 --labels=app=web,tier=front
kubectl run db --image=nginx:1.27 --labels=app=db
sleep 5
kubectl get pods -L tier,app
kubectl get pods -L tier -L app.kubernetes.io/name --show-labels
kubectl get nodes -L topology.kubernetes.io/zone
kubectl get nodes --label-columns=topology.kubernetes.io/region,kubernetes.io/hostname -o wide --no-headers
# An empty value adds no column (pflag reads "" as an empty list).
kubectl get pods -L "" --no-headers
